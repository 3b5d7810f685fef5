// `bw` pages offline, at the page's own resolution and at `scale` times it: each scene's
// photo is straightened with its true corners by the worker's own code (cropPage),
// binarized by the worker's `binarize` and by `binarizeScaled` below (the flattened grey
// interpolated before the threshold, a trial the scanner does not ship; docs/filters.md),
// encoded as the worker encodes a `bw` page, put in a PDF, and measured as bench:pages
// measures a delivered one.
//   npx tsx bench/pages/bw-offline.ts 1,2,3 [scale=2]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { cropPage, normalise } from "@/scanner/page/straighten";
import { binarize, INK_BELOW, packInk, removeSpeckles } from "@/scanner/image/binarize";
import { FLAT_PAPER, flattenedLuma } from "@/scanner/image/document-filter";
import { encodeBilevelPage } from "@/scanner/page/encode";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import type { Frame } from "@/scanner/detector";
import type { Bitmap1 } from "@/scanner/image/binarize";
import { flatColours, measurePdf } from "./measure";
import { readScene, SCENES_DIR, sceneName } from "./scenes";

const ids = (process.argv[2] ?? "1,2,3,4,5,6").split(",").map(Number);
const scale = Number(process.argv[3] ?? 2);
const OUT = path.join("bench/out/pages/bw");
mkdirSync(OUT, { recursive: true });

/** `binarize` at `scale` times the page's resolution, the flattened grey interpolated bilinearly. */
function binarizeScaled(page: Frame, scale: number): Bitmap1 {
  const { width: w, height: h } = page;
  const luma = flattenedLuma(page), t = INK_BELOW * FLAT_PAPER;
  const W = Math.round(w * scale), H = Math.round(h * scale), ink = new Uint8Array(W * H);
  const at = (v: number, n: number) => Math.max(0, Math.min(n - 1, (v + 0.5) / scale - 0.5));
  for (let Y = 0; Y < H; Y++) {
    const fy = at(Y, h), y0 = Math.floor(fy), ay = fy - y0, r0 = y0 * w, r1 = Math.min(h - 1, y0 + 1) * w;
    for (let X = 0; X < W; X++) {
      const fx = at(X, w), x0 = Math.floor(fx), x1 = Math.min(w - 1, x0 + 1), ax = fx - x0;
      const top = luma[r0 + x0] + (luma[r0 + x1] - luma[r0 + x0]) * ax, bottom = luma[r1 + x0] + (luma[r1 + x1] - luma[r1 + x0]) * ax;
      ink[Y * W + X] = top + (bottom - top) * ay <= t ? 1 : 0;
    }
  }
  removeSpeckles(ink, W, H);
  return packInk(ink, W, H);
}

async function pdfOf(b: Bitmap1): Promise<{ pdf: Uint8Array; kb: number }> {
  const png = await encodeBilevelPage(b);
  const pdf = await assemblePdf([{ bytes: png, format: "png", width: b.width, height: b.height }], { now: new Date(0) });
  return { pdf, kb: pdf.length / 1024 };
}

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
console.log(`scene | px | 1x KB | 1x CER | 1x ms | ${scale}x KB | ${scale}x CER | ${scale}x ms`);
const cers: number[][] = [[], []];
for (const id of ids) {
  const name = sceneName(id), scene = readScene(SCENES_DIR, name), photo = scene.photo();
  const src: Frame = { data: new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), width: photo.width, height: photo.height };
  const page = cropPage(src, normalise(scene.meta.corners, src));
  const reference = flatColours(scene.flat(), scene.meta.marks);
  let t = cpu();
  const one = binarize(page);
  const oneMs = cpu() - t;
  t = cpu();
  const up = binarizeScaled(page, scale);
  const upMs = cpu() - t;
  const a = await pdfOf(one), b = await pdfOf(up);
  const fa = await measurePdf(a.pdf, scene.truth, scene.meta.marks, reference, OUT, `${name}.bw1`);
  const fb = await measurePdf(b.pdf, scene.truth, scene.meta.marks, reference, OUT, `${name}.bw${scale}`);
  cers[0].push(fa.cer); cers[1].push(fb.cer);
  console.log([name, `${page.width}x${page.height}`, a.kb.toFixed(0), fa.cer.toFixed(3), oneMs.toFixed(0), b.kb.toFixed(0), fb.cer.toFixed(3), upMs.toFixed(0)].join(" | "));
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(`mean CER: 1x ${mean(cers[0]).toFixed(3)}, ${scale}x ${mean(cers[1]).toFixed(3)}`);
