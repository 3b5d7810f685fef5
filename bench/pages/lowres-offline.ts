// The legibility of a page against its resolution, offline: each scene is filmed by the chosen
// cameras (`sceneDirFor`: the same page, placement and light rendered at the camera's size, so
// the camera sets the page's pixels per inch), straightened with its true corners by the
// worker's own code (cropPage), filtered and encoded by each variant below, put in a PDF and
// measured as bench:pages measures a delivered page (measure.ts). The flat page resized to
// the same pixel size is measured beside it: what that many pixels can hold at best. The
// canvas's JPEG encoder is stood in for by libjpeg-turbo through sharp (4:2:0, like Chromium's).
//   npx tsx bench/pages/lowres-offline.ts 1,2,3 720p,1080p,4k [variant,...]
// Variants: shipped (applyFilter as the worker runs it), sharp1x (the document filter at the
// page's size, as before low-resolution pages had their own path), soft1x, soft2x, up2x
// (cubic 2x, then the usual filter), bw1x, bw2x (bw as shipped: below LEGIBLE_DPI at 2x).
// LOWRES_TONE=white,black,gamma and LOWRES_SHARPEN=n override the low-resolution tone for tuning.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cropPage, normalise, pageDpi } from "@/scanner/page/straighten";
import { binarize, documentFilter, LOW_RES, upscale2x } from "@/scanner/image";
import { applyFilter } from "@/scanner/page/filter";
import { encodePage, pdfSize, type EncodedPage } from "@/scanner/page/encode";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { pdfInput } from "@/scanner/capture/send-document";
import type { Frame } from "@/scanner/detector";
import { flatColours, imagePdf, measurePdf } from "./measure";
import { mean } from "./metrics";
import { CAMERAS, isCamera, readScene, sceneDirFor, sceneName } from "./scenes";

const ids = (process.argv[2] ?? "1,2,3,4,5,6").split(",").map(Number);
const cameras = (process.argv[3] ?? "720p,1080p,4k").split(",").filter(isCamera);
const variants = (process.argv[4] ?? "shipped,sharp1x,soft2x").split(",");
const OUT = path.join("bench/out/pages/lowres");
mkdirSync(OUT, { recursive: true });

const num = (s: string | undefined) => s?.split(",").map(Number);
const envTone = num(process.env.LOWRES_TONE);
const tone = envTone ? { white: envTone[0], black: envTone[1], gamma: envTone[2] } : LOW_RES.tone;
const sharpen = process.env.LOWRES_SHARPEN ? Number(process.env.LOWRES_SHARPEN) : LOW_RES.sharpen;

const encodeRgb = async (f: Frame, q: number) => {
  const raw = sharp(Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length), { raw: { width: f.width, height: f.height, channels: 4 } });
  return new Blob([new Uint8Array(await raw.removeAlpha().jpeg({ quality: Math.round(q * 100) }).toBuffer())], { type: "image/jpeg" });
};
const copy = (f: Frame): Frame => ({ data: new Uint8ClampedArray(f.data), width: f.width, height: f.height });

/** Each variant: the page as the PDF would hold it. */
const VARIANTS: Record<string, (page: Frame, dpi: number) => Promise<{ encoded: EncodedPage; width: number; height: number }>> = {
  shipped: async (p, dpi) => { const f = applyFilter(p, "auto", { dpi }); return encoded("auto", f.image, f.enlarged); },
  sharp1x: async (p) => (documentFilter(p, { grey: false }), encoded("auto", p)),
  soft1x: async (p) => (documentFilter(p, { grey: false, tone, sharpen }), encoded("auto", p)),
  soft2x: async (p) => (documentFilter(p, { grey: false, tone, sharpen }), encoded("auto", upscale2x(p), true)),
  up2x: async (p) => { const u = upscale2x(p); documentFilter(u, { grey: false }); return encoded("auto", u, true); },
  bw1x: async (p) => encoded("bw", binarize(p)),
  bw2x: async (p, dpi) => encoded("bw", applyFilter(p, "bw", { dpi }).image),
};
async function encoded(filter: "auto" | "bw", image: Parameters<typeof encodePage>[1], enlarged = false) {
  return { encoded: await encodePage(filter, image, encodeRgb, { enlarged }), width: image.width, height: image.height };
}

const results: Record<string, { dpi: number; cer: number; kb: number }[]> = {};
console.log(`camera | scene | dpi | page px | flat CER | ${variants.map((v) => `${v} CER / KB`).join(" | ")}`);
for (const camera of cameras) {
  for (const id of ids) {
    const name = sceneName(id), scene = readScene(sceneDirFor(id, camera), name), photo = scene.photo();
    const src: Frame = { data: new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), width: photo.width, height: photo.height };
    const page = cropPage(src, normalise(scene.meta.corners, src)), dpi = pageDpi(page.width, page.height);
    const flat = scene.flat(), reference = flatColours(flat, scene.meta.marks);
    const small = await sharp(Buffer.from(flat.data), { raw: { width: flat.width, height: flat.height, channels: 4 } }).resize(page.width, page.height, { fit: "fill" }).raw().toBuffer();
    const tag = `${name}.${camera}`;
    const flatFig = await measurePdf(await imagePdf({ width: page.width, height: page.height, data: new Uint8Array(small) }), scene.truth, [], [], OUT, `${tag}.flat`);
    (results.flat ??= []).push({ dpi, cer: flatFig.cer, kb: 0 });
    const cells = [];
    for (const v of variants) {
      const r = await VARIANTS[v](copy(page), dpi);
      const pdf = await assemblePdf([await pdfInput({ page: r.encoded.blob, format: r.encoded.format, mrc: r.encoded.mrc, width: r.width, height: r.height })], { now: new Date(0) });
      const fig = await measurePdf(pdf, scene.truth, scene.meta.marks, reference, OUT, `${tag}.${v}`);
      (results[v] ??= []).push({ dpi, cer: fig.cer, kb: pdfSize(r.encoded) / 1024 });
      cells.push(`${fig.cer.toFixed(3)} / ${(pdfSize(r.encoded) / 1024).toFixed(0)}${r.encoded.format === "mrc" ? " mrc" : ""}`);
    }
    console.log([camera, name, dpi, `${page.width}x${page.height}`, flatFig.cer.toFixed(3), ...cells].join(" | "));
  }
}
console.log(`\nmeans over scenes ${ids.join(",")} (tone ${JSON.stringify(tone)}, sharpen ${sharpen}; cameras ${cameras.map((c) => (c === "scene" ? c : `${c} ${CAMERAS[c].join("x")}`)).join(", ")}):`);
for (const camera of cameras) {
  const n = ids.length, at = cameras.indexOf(camera) * n;
  const row = Object.entries(results).map(([v, xs]) => { const part = xs.slice(at, at + n); return `${v} ${mean(part.map((x) => x.cer)).toFixed(3)} (max ${Math.max(...part.map((x) => x.cer)).toFixed(3)})`; });
  console.log(`${camera} (dpi ${results.flat.slice(at, at + n).map((x) => x.dpi).join(",")}): ${row.join(", ")}`);
}
