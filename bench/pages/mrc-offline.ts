// Mixed raster content against the JPEG ladder, offline: each scene's photo is straightened
// with its true corners by the worker's own code (cropPage), filtered (`auto` or
// `grayscale`), and encoded both ways by scanner/page/encode.ts; each PDF is then
// measured as bench:pages measures a delivered one (measure.ts: poppler, tesseract). The
// canvas's JPEG encoder is stood in for by libjpeg-turbo through sharp (4:2:0, like Chromium's).
//   npx tsx bench/pages/mrc-offline.ts 1,2,3 [auto|grayscale]
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cropPage, normalise } from "@/scanner/page/straighten";
import { documentFilter } from "@/scanner/image";
import { encodeGreyJpeg } from "@/scanner/encode/jpeg-grey";
import { encodeMrc, encodePage, PAGE_ENCODING, pdfSize, type EncodedPage } from "@/scanner/page/encode";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { pdfInput } from "@/scanner/capture/send-document";
import type { Frame } from "@/scanner/detector";
import { flatColours, measurePdf } from "./measure";
import { readScene, SCENES_DIR, sceneName } from "./scenes";

const ids = (process.argv[2] ?? "1,2,3,4,5,6").split(",").map(Number);
const filter = (process.argv[3] ?? "auto") as "auto" | "grayscale";
const OUT = path.join("bench/out/pages/mrc");
mkdirSync(OUT, { recursive: true });

const encodeRgb = async (f: Frame, q: number) => {
  const raw = sharp(Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length), { raw: { width: f.width, height: f.height, channels: 4 } });
  return new Blob([new Uint8Array(await raw.removeAlpha().jpeg({ quality: Math.round(q * 100) }).toBuffer())], { type: "image/jpeg" });
};

/** The JPEG ladder alone: what every page was before MRC. */
async function ladder(page: Frame): Promise<EncodedPage> {
  const { budget, qualities } = PAGE_ENCODING[filter];
  let blob = await encodeRgbOrGrey(page, qualities[0]);
  for (const q of qualities.slice(1)) if (blob.size > budget) blob = await encodeRgbOrGrey(page, q);
  return { blob, format: "jpeg" };
}
const encodeRgbOrGrey = (page: Frame, q: number) => (filter === "auto" ? encodeRgb(page, q) : Promise.resolve(greyAt(page, q)));
function greyAt(page: Frame, q: number): Blob {
  const grey = new Uint8Array(page.width * page.height);
  for (let i = 0; i < grey.length; i++) grey[i] = page.data[i * 4 + 1];
  return new Blob([encodeGreyJpeg(grey, page.width, page.height, q * 100) as Uint8Array<ArrayBuffer>]);
}

async function pdfOf(p: EncodedPage, width: number, height: number): Promise<Uint8Array> {
  return assemblePdf([await pdfInput({ page: p.blob, format: p.format, mrc: p.mrc, width, height })], { now: new Date(0) });
}

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
console.log("scene | px | ladder KB | ladder CER | chosen | chosen KB | chosen CER | MRC KB (mask/bg/fg) | MRC CER | MRC CPU ms");
for (const id of ids) {
  const name = sceneName(id), scene = readScene(SCENES_DIR, name), photo = scene.photo();
  const src: Frame = { data: new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), width: photo.width, height: photo.height };
  const page = cropPage(src, normalise(scene.meta.corners, src));
  documentFilter(page, { grey: filter === "grayscale" });
  const reference = flatColours(scene.flat(), scene.meta.marks);
  const measure = async (p: EncodedPage, tag: string) => measurePdf(await pdfOf(p, page.width, page.height), scene.truth, scene.meta.marks, reference, OUT, `${name}.${filter}.${tag}`);
  const old = await ladder(page);
  const chosen = await encodePage(filter, page, encodeRgb);
  const t = cpu();
  const mrc = await encodeMrc(filter, page, encodeRgb);
  const ms = cpu() - t;
  const a = await measure(old, "jpeg"), c = await measure(mrc, "mrc");
  const chosenFig = chosen.mrc ? c : a;
  const m = mrc.mrc!, kb = (n: number) => (n / 1024).toFixed(0);
  console.log([name, `${page.width}x${page.height}`, kb(old.blob.size), a.cer.toFixed(3), chosen.format, kb(pdfSize(chosen)), chosenFig.cer.toFixed(3),
    `${kb(pdfSize(mrc))} (${kb(m.mask.size)}/${kb(m.background.size)}/${kb(m.foreground.size)})`, c.cer.toFixed(3), ms.toFixed(0),
    c.colour.map((k) => `${k.kind} ${k.kept.toFixed(2)}`).join(" "), "| jpeg:", a.colour.map((k) => `${k.kind} ${k.kept.toFixed(2)}`).join(" ")].join(" | "));
}
