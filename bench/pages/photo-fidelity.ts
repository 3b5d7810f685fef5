// How faithfully the document filter keeps a printed photo, offline: each scene's camera frame
// is straightened with its true corners by the worker's own code (cropPage) and filtered
// (`documentFilter`, colour); inside the scene's photo mark (inset by 4 % of the box, so a crop
// a pixel off does not count) the result is compared with the flat printed page, resampled to
// the same geometry, after matching its paper white to the flat page's. Reported per scene:
// mean ΔE (CIE76) over the photo and over its pale part (flat luma 170..245: a light sky, where
// the filter used to take the photo for paper), mean |Δ| per channel, the share of photo pixels
// near white (all channels > 245) against the flat page's, the paper evenness of the filtered
// frame (metrics.ts's paperEvenness, on the frame rather than a PDF rendering), and the
// filter's time (min of several runs). CER and KB need the encoders and Tesseract: mrc-offline.ts.
// With --save, writes bench/out/pages/fidelity/NN.photo.png (flat | camera | filtered) and
// NN.mask.png (the camera's page around the photo, what the paper map calls not paper tinted red | filtered).
//   npx tsx bench/pages/photo-fidelity.ts 3,23,24 [--save] [--runs=5]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { cropPage, normalise } from "@/scanner/page/straighten";
import { documentFilter, estimatePaper } from "@/scanner/image";
import type { Frame } from "@/scanner/detector";
import { lab } from "../../tests/unit/scanner/image/synthetic-page";
import { paperColour, paperEvenness, toGrey, type Box, type Rgba } from "./metrics";
import { readScene, SCENES_DIR, sceneName } from "./scenes";

const args = process.argv.slice(2);
const ids = (args.find((a) => !a.startsWith("--")) ?? "3,23,24").split(",").map(Number);
const save = args.includes("--save");
const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5);
const OUT = path.join("bench/out/pages/fidelity");
/** A channel above this is white on paper; a photo pixel with all three there has lost its colour. */
const NEAR_WHITE = 245;
/** The pale part of a photo: flat luma in this range (light sky, highlights), neither paper nor dark. */
const PALE: [number, number] = [170, 245];
const INSET = 0.04;

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

function bilinear(img: Rgba, x: number, y: number, out: number[]): void {
  const fx = Math.max(0, Math.min(img.width - 1.001, x - 0.5)), fy = Math.max(0, Math.min(img.height - 1.001, y - 0.5));
  const x0 = Math.floor(fx), y0 = Math.floor(fy), ax = fx - x0, ay = fy - y0, d = img.data;
  const i = 4 * (y0 * img.width + x0), j = i + 4 * img.width;
  for (let k = 0; k < 3; k++) {
    const top = d[i + k] + (d[i + 4 + k] - d[i + k]) * ax, bottom = d[j + k] + (d[j + 4 + k] - d[j + k]) * ax;
    out[k] = top + (bottom - top) * ay;
  }
}

const pixelBox = (b: Box, w: number, h: number, inset = 0) => {
  const dx = (b[2] - b[0]) * inset, dy = (b[3] - b[1]) * inset;
  return [Math.round((b[0] + dx) * w), Math.round((b[1] + dy) * h), Math.round((b[2] - dx) * w), Math.round((b[3] - dy) * h)];
};

/** The photo box of `page` against the flat page resampled to it: ΔE, pale ΔE, |Δ|, near-white shares. */
function fidelity(page: Rgba, flat: Rgba, box: Box) {
  const grow: Box = [box[0] - 0.03, box[1] - 0.03, box[2] + 0.03, box[3] + 0.03];
  const pw = paperColour(page, grow), fw = paperColour(flat, grow), scale = pw.map((v, k) => fw[k] / Math.max(1, v));
  const [x0, y0, x1, y1] = pixelBox(box, page.width, page.height, INSET), f = [0, 0, 0];
  let n = 0, de = 0, nPale = 0, dePale = 0, abs = 0, whiteGot = 0, whiteWant = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    bilinear(flat, ((x + 0.5) * flat.width) / page.width, ((y + 0.5) * flat.height) / page.height, f);
    const i = 4 * (y * page.width + x), g = [0, 1, 2].map((k) => Math.min(255, page.data[i + k] * scale[k]));
    const a = lab(g as [number, number, number]), b = lab(f as [number, number, number]);
    const e = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    de += e; n++;
    abs += (Math.abs(g[0] - f[0]) + Math.abs(g[1] - f[1]) + Math.abs(g[2] - f[2])) / 3;
    const fl = luma(f[0], f[1], f[2]);
    if (fl >= PALE[0] && fl < PALE[1]) { dePale += e; nPale++; }
    if (Math.min(...g) > NEAR_WHITE) whiteGot++;
    if (Math.min(...f) > NEAR_WHITE) whiteWant++;
  }
  return { de: de / n, dePale: dePale / Math.max(1, nPale), abs: abs / n, white: whiteGot / n, whiteFlat: whiteWant / n, pale: nPale / n };
}

const asRgba = (f: Frame): Rgba => ({ width: f.width, height: f.height, data: new Uint8Array(f.data.buffer, f.data.byteOffset, f.data.length) });
const copy = (f: Frame): Frame => ({ width: f.width, height: f.height, data: new Uint8ClampedArray(f.data) });

function writePng(file: string, img: Rgba): void {
  writeFileSync(file, PNG.sync.write(Object.assign(new PNG({ width: img.width, height: img.height }), { data: Buffer.from(img.data) })));
}

/** The photo box (grown by `grow`) of each picture, resampled to the last one's geometry, side by side. */
function photoStrip(pics: Rgba[], box: Box, grow = 0.02): Rgba {
  const g: Box = [box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow];
  const ref = pics[pics.length - 1], [ax, ay, bx, by] = pixelBox(g, ref.width, ref.height);
  const w = bx - ax, h = by - ay, gap = 8, out: Rgba = { width: pics.length * (w + gap), height: h, data: new Uint8Array(pics.length * (w + gap) * h * 4).fill(255) };
  const px = [0, 0, 0];
  pics.forEach((p, n) => {
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      bilinear(p, ((ax + x + 0.5) * p.width) / ref.width, ((ay + y + 0.5) * p.height) / ref.height, px);
      const o = 4 * (y * out.width + n * (w + gap) + x);
      out.data[o] = px[0]; out.data[o + 1] = px[1]; out.data[o + 2] = px[2];
    }
  });
  return out;
}

/** The page with the cells the paper map calls not paper tinted red. */
function maskView(page: Frame): Rgba {
  const map = estimatePaper(page), out: Rgba = { width: page.width, height: page.height, data: new Uint8Array(page.data) };
  for (let y = 0; y < page.height; y++) for (let x = 0; x < page.width; x++) {
    const i = 4 * (y * page.width + x);
    const m = map.nonPaper[Math.min(map.rows - 1, Math.floor(y / map.cell)) * map.cols + Math.min(map.cols - 1, Math.floor(x / map.cell))];
    out.data[i] = page.data[i] * (1 - 0.5 * m) + 127 * m; out.data[i + 1] = page.data[i + 1] * (1 - 0.5 * m); out.data[i + 2] = page.data[i + 2] * (1 - 0.5 * m);
  }
  return out;
}

if (save) mkdirSync(OUT, { recursive: true });
const f2 = (v: number) => v.toFixed(2), pct = (v: number) => (100 * v).toFixed(1);
console.log("scene | px | ΔE photo | ΔE pale (share) | |Δ| | near-white % (flat %) | evenness | filter ms (min of runs)");
for (const id of ids) {
  const name = sceneName(id), scene = readScene(SCENES_DIR, name), photo = scene.photo();
  const src: Frame = { data: new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), width: photo.width, height: photo.height };
  const raw = cropPage(src, normalise(scene.meta.corners, src));
  let page = copy(raw), ms = Infinity;
  for (let r = 0; r < runs; r++) {
    page = copy(raw);
    const t = performance.now();
    documentFilter(page, { grey: false });
    ms = Math.min(ms, performance.now() - t);
  }
  const flat: Rgba = { width: scene.meta.flat[0], height: scene.meta.flat[1], data: new Uint8Array(scene.flat().data) };
  const boxes = scene.meta.marks.filter((m) => m.kind === "photo").map((m) => m.box as Box);
  const figs = boxes.map((b) => fidelity(asRgba(page), flat, b));
  const evenness = paperEvenness(toGrey(asRgba(page)), boxes).evenness;
  const cols = figs.map((f) => [f2(f.de), `${f2(f.dePale)} (${pct(f.pale)} %)`, f2(f.abs), `${pct(f.white)} (${pct(f.whiteFlat)})`]);
  console.log([name, `${page.width}x${page.height}`, ...(cols[0] ?? ["–", "–", "–", "–"]), evenness.toFixed(3), ms.toFixed(1)].join(" | "));
  if (save) {
    if (boxes[0]) writePng(path.join(OUT, `${name}.photo.png`), photoStrip([flat, asRgba(raw), asRgba(page)], boxes[0]));
    if (boxes[0]) writePng(path.join(OUT, `${name}.mask.png`), photoStrip([maskView(raw), asRgba(page)], boxes[0], 0.06));
  }
}
