import type { Frame } from "../pixels";
import { boxBlur, extremeFilter } from "./morphology";
import { markNonPaper } from "./non-paper";

/**
 * The paper's colour under the room's light, per channel (0..255), on a grid of
 * `cell`×`cell`-pixel cells: what a blank sheet would look like at each place of the page.
 */
export interface PaperMap {
  cols: number;
  rows: number;
  cell: number;
  planes: [Float32Array, Float32Array, Float32Array];
  /** 1 where the page is not paper (photo, fill), 0 on paper, blurred a little at the edges. */
  nonPaper: Float32Array;
}

/** Cells along the page's long side: fine enough for a shadow's edge, coarse enough to be cheap. */
const CELLS_LONG = 300;
/** Closing radius as a share of the long side: wider than a bold heading's strokes and letter gaps. */
const CLOSE_SHARE = 0.02;

/**
 * Estimates the paper's light: block means per channel, a grey closing per channel
 * (dilate, then erode) that removes ink narrower than the window, regions that are not
 * paper (photos, fills, stamps: see `markNonPaper`) filled from the paper around them,
 * then a blur so the division leaves no seams.
 */
export function estimatePaper(page: Frame): PaperMap {
  const long = Math.max(page.width, page.height);
  const cell = Math.max(2, Math.round(long / CELLS_LONG));
  const cols = Math.ceil(page.width / cell), rows = Math.ceil(page.height / cell);
  const planes = blockMeans(page, cell, cols, rows);
  const rc = Math.max(2, Math.round((long * CLOSE_SHARE) / cell));
  const means = planes.map((p) => p.slice());
  for (const p of planes) {
    extremeFilter(p, cols, rows, rc, 1);
    extremeFilter(p, cols, rows, rc, -1);
  }
  const nonPaper = markNonPaper(planes, means, cols, rows);
  fillFromPaper(planes, nonPaper, cols, rows);
  for (const p of planes) boxBlur(p, cols, rows, Math.max(1, rc >> 1), 2);
  const weight = new Float32Array(nonPaper.length);
  for (let k = 0; k < weight.length; k++) weight[k] = nonPaper[k];
  boxBlur(weight, cols, rows, 1, 1);
  return { cols, rows, cell, planes, nonPaper: weight };
}

function blockMeans(page: Frame, cell: number, cols: number, rows: number): [Float32Array, Float32Array, Float32Array] {
  const { data, width: W, height: H } = page;
  const planes: [Float32Array, Float32Array, Float32Array] = [new Float32Array(cols * rows), new Float32Array(cols * rows), new Float32Array(cols * rows)];
  const cnt = new Uint32Array(cols * rows), col = new Int32Array(W);
  for (let x = 0; x < W; x++) col[x] = (x / cell) | 0;
  const [r, g, b] = planes;
  for (let y = 0; y < H; y++) {
    const base = ((y / cell) | 0) * cols;
    for (let x = 0, i = y * W * 4; x < W; x++, i += 4) {
      const k = base + col[x];
      r[k] += data[i]; g[k] += data[i + 1]; b[k] += data[i + 2]; cnt[k]++;
    }
  }
  for (let k = 0; k < cnt.length; k++) { r[k] /= cnt[k]; g[k] /= cnt[k]; b[k] /= cnt[k]; }
  return planes;
}

// Replaces the marked cells by the paper around them: layer by layer from their edge
// inwards, each the mean of its already-known 8-neighbours, then smoothed by relaxation
// (each marked cell the mean of its 4-neighbours) so a photo gets the light's gradient.
function fillFromPaper(planes: Float32Array[], marked: Uint8Array, cols: number, rows: number): void {
  const known = new Uint8Array(marked.length);
  const todo = new Int32Array(marked.length);
  let count = 0;
  for (let k = 0; k < marked.length; k++) {
    if (marked[k]) todo[count++] = k;
    else known[k] = 1;
  }
  if (count === 0 || count === marked.length) return;
  const cells = todo.slice(0, count), done = new Int32Array(count);
  while (count) {
    let nDone = 0, nRest = 0;
    for (let t = 0; t < count; t++) {
      const k = todo[t], x = k % cols, y = (k - x) / cols;
      let n = 0, s0 = 0, s1 = 0, s2 = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(rows - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(cols - 1, x + 1); xx++) {
          const j = yy * cols + xx;
          if (!known[j]) continue;
          s0 += planes[0][j]; s1 += planes[1][j]; s2 += planes[2][j]; n++;
        }
      }
      if (!n) { todo[nRest++] = k; continue; }
      planes[0][k] = s0 / n; planes[1][k] = s1 / n; planes[2][k] = s2 / n;
      done[nDone++] = k;
    }
    for (let t = 0; t < nDone; t++) known[done[t]] = 1;
    count = nRest;
  }
  relax(planes, cells, cols, rows, 30);
}

function relax(planes: Float32Array[], cells: Int32Array, cols: number, rows: number, iterations: number): void {
  for (let it = 0; it < iterations; it++) {
    for (const p of planes) {
      for (let c = 0; c < cells.length; c++) {
        const k = cells[c];
        const x = k % cols, y = (k - x) / cols;
        const l = x > 0 ? p[k - 1] : p[k], r = x < cols - 1 ? p[k + 1] : p[k];
        const u = y > 0 ? p[k - cols] : p[k], d = y < rows - 1 ? p[k + cols] : p[k];
        p[k] = (l + r + u + d) / 4;
      }
    }
  }
}
