// The figures of the pages benchmark that are pure arithmetic on text and pixels, kept apart
// from the tools that produce their inputs so unit tests can pin them down.

/** A grey picture: one byte of luma per pixel. */
export interface Grey { width: number; height: number; data: Uint8Array }
/** An RGBA picture. */
export interface Rgba { width: number; height: number; data: Uint8Array }
/** A box as fractions of the page: x0, y0, x1, y1. */
export type Box = [number, number, number, number];

const TYPOGRAPHY: [RegExp, string][] = [[/[‘’‚′]/g, "'"], [/[“”„″]/g, '"'], [/[‐‑‒–—―]/g, "-"], [/ﬁ/g, "fi"], [/ﬂ/g, "fl"], [/…/g, "..."]];

/**
 * Text as the CER compares it: typographic quotes, dashes and ligatures as their ASCII
 * spelling; in each line every run of whitespace one space, ends trimmed; empty lines
 * dropped; lines joined with "\n".
 */
export function normaliseText(text: string): string {
  let s = text;
  for (const [from, to] of TYPOGRAPHY) s = s.replace(from, to);
  return s.split(/\r?\n/).map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean).join("\n");
}

/** Edit distance (insertions, deletions, substitutions, each 1) between two strings, by code point. */
export function levenshtein(a: string, b: string): number {
  const x = [...a], y = [...b];
  if (!x.length) return y.length;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j), cur = new Array<number>(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    [prev, cur] = [cur, prev];
  }
  return prev[y.length];
}

/** Character error rate: edit distance from the OCR text to the truth, over the truth's length, both normalised. */
export function characterErrorRate(truth: string, ocr: string): number {
  const t = normaliseText(truth), o = normaliseText(ocr);
  return t.length ? levenshtein(t, o) / [...t].length : o.length ? 1 : 0;
}

/** The value below which `q` of the values fall (q in 0..1), from a 256-bin histogram. */
function percentile(hist: Uint32Array, total: number, q: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= total * q) return v;
  return 255;
}

function regionPercentile(g: Grey, x0: number, y0: number, x1: number, y1: number, q: number): number {
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[g.data[y * g.width + x]]++;
  return percentile(hist, (x1 - x0) * (y1 - y0), q);
}

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Paper evenness: the page cut into an n × n grid, each cell's paper brightness its 90th
 * percentile of luma, then (max − min) / max over the cells; 0 is perfectly even. Cells that
 * touch a box in `skip` (a photo printed on the page) are left out.
 */
export function paperEvenness(g: Grey, skip: Box[] = [], n = 8): { evenness: number; cells: number[] } {
  const cells: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
    const box: Box = [i / n, j / n, (i + 1) / n, (j + 1) / n];
    if (skip.some((b) => overlaps(b, box))) continue;
    cells.push(regionPercentile(g, Math.round(box[0] * g.width), Math.round(box[1] * g.height), Math.round(box[2] * g.width), Math.round(box[3] * g.height), 0.9));
  }
  const max = Math.max(...cells), min = Math.min(...cells);
  return { evenness: max > 0 ? (max - min) / max : 1, cells };
}

export type Edge = "top" | "right" | "bottom" | "left";

/**
 * Edge background: for each edge, the share of pixels in the band 3 % of the page deep that are
 * darker than 0.8 × the paper just inside it (the 90th percentile of the band from 3 % to 12 %,
 * taken in 8 segments along the edge so a lighting gradient is followed). An edge "has
 * background" when more than half its band is dark: a grey margin a wrong crop or an unlifted
 * shadow leaves.
 */
export function edgeBackground(g: Grey, depth = 0.03): { any: boolean; dark: Record<Edge, number> } {
  const dark = {} as Record<Edge, number>;
  for (const edge of ["top", "right", "bottom", "left"] as Edge[]) {
    const across = edge === "top" || edge === "bottom" ? g.height : g.width, along = across === g.height ? g.width : g.height;
    const band = Math.max(1, Math.round(depth * across)), inner = Math.round(0.12 * across);
    let count = 0, total = 0;
    for (let s = 0; s < 8; s++) {
      const a0 = Math.round((s * along) / 8), a1 = Math.round(((s + 1) * along) / 8);
      const rect = (d0: number, d1: number): [number, number, number, number] => {
        const [p0, p1] = edge === "top" || edge === "left" ? [d0, d1] : [across - d1, across - d0];
        return edge === "top" || edge === "bottom" ? [a0, p0, a1, p1] : [p0, a0, p1, a1];
      };
      const paper = regionPercentile(g, ...rect(band, inner), 0.9);
      const [x0, y0, x1, y1] = rect(0, band);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        total++;
        if (g.data[y * g.width + x] < 0.8 * paper) count++;
      }
    }
    dark[edge] = count / total;
  }
  return { any: Object.values(dark).some((f) => f > 0.5), dark };
}

export function toGrey(img: Rgba): Grey {
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(0.299 * img.data[4 * i] + 0.587 * img.data[4 * i + 1] + 0.114 * img.data[4 * i + 2]);
  return { width: img.width, height: img.height, data };
}

/** Chroma (max − min of R, G, B) and hue (degrees, as in HSV) of one pixel. */
export function chromaHue(r: number, g: number, b: number): [number, number] {
  const max = Math.max(r, g, b), c = max - Math.min(r, g, b);
  if (c === 0) return [0, 0];
  const h = max === r ? ((g - b) / c + 6) % 6 : max === g ? (b - r) / c + 2 : (r - g) / c + 4;
  return [c, h * 60];
}

/** Mean colour of the brightest tenth of the pixels in `box` (by luma): the paper there. */
export function paperColour(img: Rgba, box: Box): [number, number, number] {
  const x0 = Math.max(0, Math.floor(box[0] * img.width)), x1 = Math.min(img.width, Math.ceil(box[2] * img.width));
  const y0 = Math.max(0, Math.floor(box[1] * img.height)), y1 = Math.min(img.height, Math.ceil(box[3] * img.height));
  const hist = new Uint32Array(256), luma = (i: number) => (0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2]) | 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[luma(4 * (y * img.width + x))]++;
  const cut = percentile(hist, (x1 - x0) * (y1 - y0), 0.9), sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const i = 4 * (y * img.width + x);
    if (luma(i) < cut) continue;
    for (let k = 0; k < 3; k++) sum[k] += img.data[i + k];
    n++;
  }
  return sum.map((v) => v / Math.max(1, n)) as [number, number, number];
}

/**
 * The colour of a mark: the mean chroma and the circular mean hue of the `count` most
 * chromatic pixels in `box` (the strongest pixels, not fixed positions, forgive a crop a few
 * pixels off), after white-balancing to the paper around the box (`paperColour` of the box
 * grown by 3 % of the page), so a colour cast on the paper is not taken for the mark's colour.
 * `count` 0 means: the pixels with chroma above `threshold`.
 */
export function markColour(img: Rgba, box: Box, count = 0, threshold = 60): { chroma: number; hue: number; count: number } {
  const paper = paperColour(img, [box[0] - 0.03, box[1] - 0.03, box[2] + 0.03, box[3] + 0.03]).map((v) => 255 / Math.max(1, v));
  const x0 = Math.max(0, Math.floor(box[0] * img.width)), x1 = Math.min(img.width, Math.ceil(box[2] * img.width));
  const y0 = Math.max(0, Math.floor(box[1] * img.height)), y1 = Math.min(img.height, Math.ceil(box[3] * img.height));
  const px: [number, number][] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const i = 4 * (y * img.width + x), c = [0, 1, 2].map((k) => Math.min(255, img.data[i + k] * paper[k]));
    px.push(chromaHue(c[0], c[1], c[2]));
  }
  px.sort((a, b) => b[0] - a[0]);
  const n = count > 0 ? Math.min(count, px.length) : px.filter((p) => p[0] > threshold).length;
  let c = 0, sx = 0, sy = 0;
  for (const [chroma, hue] of px.slice(0, n)) {
    c += chroma;
    sx += chroma * Math.cos((hue * Math.PI) / 180);
    sy += chroma * Math.sin((hue * Math.PI) / 180);
  }
  return { chroma: n ? c / n : 0, hue: ((Math.atan2(sy, sx) * 180) / Math.PI + 360) % 360, count: n };
}

/** The paper's colour cast: chroma (max − min of R, G, B) of the brightest tenth of the page. */
export function paperCast(img: Rgba): number {
  const [r, g, b] = paperColour(img, [0, 0, 1, 1]);
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/** The smaller angle between two hues, in degrees. */
export const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
