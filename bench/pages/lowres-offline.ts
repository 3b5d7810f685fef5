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
// Any other name is a composed variant (`composed`, below), e.g. f+edge-2+up+usm-1.4-1 (the
// shipped path since the border and the enlarged page's sharpening).
// LOWRES_TONE=white,black,gamma and LOWRES_SHARPEN=n override the low-resolution tone for tuning;
// LOWRES_OUT=name writes under bench/out/pages/lowres/name, so two runs can go side by side.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cropPage, normalise, pageDpi } from "@/scanner/page/straighten";
import { binarize, documentFilter, LOW_RES, sharpenEnlarged, upscale2x, whitenBorder } from "@/scanner/image";
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
const OUT = path.join("bench/out/pages/lowres", process.env.LOWRES_OUT ?? "");
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

// --- tuning ops (lowres-offline) ---
/** Luma of an RGBA frame as floats. */
function lumaOf(f: Frame): Float32Array {
  const y = new Float32Array(f.width * f.height);
  for (let k = 0, i = 0; k < y.length; k++, i += 4) y[k] = 0.299 * f.data[i] + 0.587 * f.data[i + 1] + 0.114 * f.data[i + 2];
  return y;
}
/** Separable Gaussian of a float plane, edges clamped. */
function blurPlane(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma)), k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const s = k.reduce((a, b) => a + b, 0), kn = k.map((v) => v / s);
  const tmp = new Float32Array(w * h), out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let j = -r; j <= r; j++) acc += kn[j + r] * src[y * w + Math.min(w - 1, Math.max(0, x + j))];
    tmp[y * w + x] = acc;
  }
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let j = -r; j <= r; j++) acc += kn[j + r] * tmp[Math.min(h - 1, Math.max(0, y + j)) * w + x];
    out[y * w + x] = acc;
  }
  return out;
}
/** Adds (newLuma − oldLuma) to every channel. */
function applyLuma(f: Frame, old: Float32Array, next: Float32Array): void {
  for (let k = 0, i = 0; k < old.length; k++, i += 4) {
    const d = next[k] - old[k];
    f.data[i] += d; f.data[i + 1] += d; f.data[i + 2] += d;
  }
}
function rl(f: Frame, sigma: number, iters: number): void {
  const { width: w, height: h } = f, y = lumaOf(f);
  const obs = y.map((v) => v + 1);
  let est = obs.slice();
  for (let it = 0; it < iters; it++) {
    const conv = blurPlane(est, w, h, sigma), ratio = new Float32Array(y.length);
    for (let k = 0; k < y.length; k++) ratio[k] = obs[k] / Math.max(1e-3, conv[k]);
    const corr = blurPlane(ratio, w, h, sigma);
    for (let k = 0; k < y.length; k++) est[k] *= corr[k];
  }
  est = est.map((v) => v - 1);
  applyLuma(f, y, est);
}
/** 3x3 median of luma (denoise), applied as a luma shift. */
function median3(f: Frame): void {
  const { width: w, height: h } = f, y = lumaOf(f), n = y.slice(), v = new Float32Array(9);
  for (let r = 1; r < h - 1; r++) for (let x = 1; x < w - 1; x++) {
    let q = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) v[q++] = y[(r + dy) * w + x + dx];
    n[r * w + x] = v.sort()[4];
  }
  applyLuma(f, y, n);
}
function gauss(f: Frame, sigma: number): void {
  const y = lumaOf(f);
  applyLuma(f, y, blurPlane(y, f.width, f.height, sigma));
}
/** Lanczos-3 2x with the same sample positions as upscale2x (i ∓ 0.25). */
function lanczos2x(p: Frame): Frame {
  const L = (x: number) => (x === 0 ? 1 : Math.abs(x) >= 3 ? 0 : (3 * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / 3)) / (Math.PI * Math.PI * x * x));
  const ks = [0.75, 0.25].map((t) => { const k = [-2, -1, 0, 1, 2, 3].map((j) => L(j - t)); const s = k.reduce((a, b) => a + b); return k.map((v) => v / s); });
  // output 2i samples at i - 0.25 → base i-1, t = 0.75; 2i+1 at i + 0.25 → base i, t = 0.25
  const { width: w, height: h, data: s } = p, W = 2 * w, H = 2 * h;
  const rows = new Float32Array(W * h * 3);
  for (let y = 0; y < h; y++) for (let X = 0; X < W; X++) {
    const base = (X >> 1) - 1 + (X & 1), k = ks[X & 1];
    for (let c = 0; c < 3; c++) { let a = 0; for (let j = 0; j < 6; j++) a += k[j] * s[(y * w + Math.min(w - 1, Math.max(0, base - 2 + j))) * 4 + c]; rows[(y * W + X) * 3 + c] = a; }
  }
  const out = new Uint8ClampedArray(W * H * 4);
  for (let Y = 0; Y < H; Y++) for (let X = 0; X < W; X++) {
    const base = (Y >> 1) - 1 + (Y & 1), k = ks[Y & 1];
    for (let c = 0; c < 3; c++) { let a = 0; for (let j = 0; j < 6; j++) a += k[j] * rows[(Math.min(h - 1, Math.max(0, base - 2 + j)) * W + X) * 3 + c]; out[(Y * W + X) * 4 + c] = a; }
    out[(Y * W + X) * 4 + 3] = 255;
  }
  return { data: out, width: W, height: H };
}
/**
 * A composed variant: steps joined by "+", each `op-p1-p2`, run in order on the straightened
 * page; ops after `up` work on the enlarged page. Ops: f (the document filter, no sharpening,
 * with the low-resolution tone or the last `t`), t-white-black-gamma (the tone for `f`),
 * usm-σ-amount (unsharp mask on luma), rl-σ-iterations (Richardson-Lucy on luma), med (3×3
 * median), g-σ (Gaussian), edge-k (outer k pixels white), up (Catmull-Rom 2x), lz (Lanczos-3
 * 2x). Without an `f`, the filter runs first (after a leading `t`). E.g. `usm-0.7-1+f+up`.
 */
async function composed(name: string, p: Frame) {
  let f = p, enlarged = false, t = tone;
  const steps = name.split("+");
  if (!steps.includes("f")) steps.splice(steps[0].startsWith("t-") ? 1 : 0, 0, "f");
  for (const step of steps) {
    const [op, a, b] = step.split("-"), x = Number(a), y = Number(b);
    if (op === "t") t = { white: x, black: y, gamma: Number(step.split("-")[3]) };
    else if (op === "f") documentFilter(f, { grey: false, tone: t, sharpen });
    else if (op === "up" || op === "lz") {
      f = op === "up" ? upscale2x(f) : lanczos2x(f);
      enlarged = true;
    }
    else if (op === "usm") sharpenEnlarged(f, x, y);
    else if (op === "rl") rl(f, x, y);
    else if (op === "med") median3(f);
    else if (op === "edge") whitenBorder(f, x);
    else if (op === "g") gauss(f, x);
    else throw new Error(`unknown step ${step}`);
  }
  return encoded("auto", f, enlarged);
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
      const r = await (VARIANTS[v] ?? ((pg: Frame) => composed(v, pg)))(copy(page), dpi);
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
