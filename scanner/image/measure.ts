import type { Frame } from "../pixels";
import type { PageWarning } from "../contract";

/** What the capture prompts and the page report say about a straightened camera page. */
export interface PageQuality {
  /** Focus, 0 (no edges) .. 1 (crisp print). */
  sharpness: number;
  /** Share of the page blown out (clipped white blobs), 0..1. */
  glare: number;
  /** Mean brightness of the paper, 0 (black) .. 1 (white). */
  brightness: number;
}

/**
 * Prompt thresholds, from the synthetic cases in tests/unit/scanner/image/measure.test.ts
 * and the train scenes (docs/filters.md): a page blurred by σ 2 px still reads; paper under
 * a quarter of white is a dim room the camera could not make up for; 5 % blown out hides
 * about a paragraph.
 */
export const WARN = { blurryBelow: 0.15, darkBelow: 0.25, glareAbove: 0.05 } as const;

/** Block side for glare, in page pixels (2 mm at 200 dpi). */
const BLOCK = 16;
/**
 * Share of the variation a re-blur removes, mapped to 0..1: the synthetic text page scores
 * 0.96 crisp, 0.83 at σ 1 px, 0.59 at σ 2, 0.39 at σ 3; the train scenes' camera pages
 * 0.71–0.80, and 0.26–0.31 blurred by σ 3 more.
 */
const EDGE_SOFT = 0.33, EDGE_CRISP = 0.8;
/** A clipped pixel: luma at least this, channels within `CLIP_CHROMA` of each other. */
const CLIP_LUMA = 250, CLIP_CHROMA = 24;

/** Focus, glare and paper brightness of a straightened page, before any filter. */
export function measurePage(page: Frame): PageQuality {
  const grid = paperGrid(page);
  const brightness = grid.reduce((s, v) => s + v, 0) / grid.length / 255;
  return { sharpness: focusSharpness(page), glare: glare(page, grid), brightness };
}

/**
 * How unevenly the paper is lit: the page cut into an 8×8 grid, each cell's paper brightness
 * (the 90th percentile of its luma), (max − min) / max. 0 is even.
 */
export function unevenness(page: Frame): number {
  const grid = paperGrid(page);
  const max = Math.max(...grid), min = Math.min(...grid);
  return max > 0 ? (max - min) / max : 0;
}

/** The prompts a page's measures call for (shown at capture, listed in the report if kept). */
export function captureWarnings(m: PageQuality): PageWarning[] {
  const out: PageWarning[] = [];
  if (m.sharpness < WARN.blurryBelow) out.push("blurry");
  if (m.brightness < WARN.darkBelow) out.push("dark");
  if (m.glare > WARN.glareAbove) out.push("glare");
  return out;
}

// The 90th percentile of luma in each cell of an 8×8 grid (every other pixel and row).
function paperGrid(page: Frame): number[] {
  const { data, width: W, height: H } = page, hist = new Uint32Array(64 * 256), cnt = new Uint32Array(64);
  for (let y = 0; y < H; y += 2) {
    const gy = Math.min(7, ((y * 8) / H) | 0);
    for (let x = 0; x < W; x += 2) {
      const i = (y * W + x) * 4, cell = gy * 8 + Math.min(7, ((x * 8) / W) | 0);
      hist[cell * 256 + ((77 * data[i] + 150 * data[i + 1] + 29 * data[i + 2]) >> 8)]++;
      cnt[cell]++;
    }
  }
  const out: number[] = [];
  for (let c = 0; c < 64; c++) {
    if (!cnt[c]) continue;
    let acc = 0, v = 0;
    while (v < 255 && (acc += hist[c * 256 + v]) < cnt[c] * 0.9) v++;
    out.push(v);
  }
  return out;
}

// The no-reference blur measure of Crété-Roffet et al. (2007): blur the luma again with a
// 9-tap box along each axis and see how much of the neighbour-to-neighbour variation it
// removes. A crisp page loses most of it, a blurred one little, whatever the amount of
// text (sensor noise counts as detail, so a noisy page scores a little higher). Every other
// row and column is sampled.
export function focusSharpness(page: Frame): number {
  const { data, width: W, height: H } = page;
  if (W < 12 || H < 12) return 0;
  const luma = new Float32Array(W * H);
  for (let k = 0, i = 0; k < luma.length; k++, i += 4) luma[k] = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  let sum = 0, kept = 0;
  const line = new Float32Array(Math.max(W, H)), blur = new Float32Array(Math.max(W, H));
  const measure = (n: number) => {
    let acc = 0;
    for (let i = 0; i < 9; i++) acc += line[Math.min(n - 1, i)];
    for (let i = 0; i < n; i++) {
      blur[i] = acc / 9;
      acc += line[Math.min(n - 1, i + 5)] - line[Math.max(0, i - 4)];
    }
    for (let i = 5; i < n - 5; i++) {
      const df = Math.abs(line[i] - line[i - 1]), db = Math.abs(blur[i] - blur[i - 1]);
      sum += df;
      if (df > db) kept += df - db;
    }
  };
  for (let y = 0; y < H; y += 2) { for (let x = 0; x < W; x++) line[x] = luma[y * W + x]; measure(W); }
  for (let x = 0; x < W; x += 2) { for (let y = 0; y < H; y++) line[y] = luma[y * W + x]; measure(H); }
  const r = sum > 0 ? kept / sum : 0;
  return Math.max(0, Math.min(1, (r - EDGE_SOFT) / (EDGE_CRISP - EDGE_SOFT)));
}

/**
 * Glare is a hot spot: light reflected into the lens that blows out part of the page and the
 * ink under it. Paper that is clipped everywhere is an exposure the document survives (the
 * filter whitens it anyway; phone cameras and Chromium's fake camera both produce it), so a
 * page whose darker paper cells are themselves at the clip level reports none.
 */
const HOT_SPOT_BASE = 245;

// Share of blocks that are mostly clipped: blown-out blobs, not single white pixels, and only
// where the rest of the paper is not blown out too (the lower quartile of the cells' paper).
function glare(page: Frame, paperCells: number[]): number {
  const base = [...paperCells].sort((a, b) => a - b)[Math.floor(paperCells.length / 4)] ?? 0;
  if (base >= HOT_SPOT_BASE) return 0;
  const { data, width: W, height: H } = page;
  let blocks = 0, blown = 0;
  for (let by = 0; by + BLOCK <= H; by += BLOCK) {
    for (let bx = 0; bx + BLOCK <= W; bx += BLOCK) {
      let clipped = 0, n = 0;
      for (let y = by; y < by + BLOCK; y += 2) {
        for (let x = bx, i = (y * W + bx) * 4; x < bx + BLOCK; x += 2, i += 8) {
          const r = data[i], g = data[i + 1], b = data[i + 2];
          const hi = Math.max(r, g, b), lo = Math.min(r, g, b);
          if ((77 * r + 150 * g + 29 * b) >> 8 >= CLIP_LUMA && hi - lo <= CLIP_CHROMA) clipped++;
          n++;
        }
      }
      blocks++;
      if (clipped * 2 >= n) blown++;
    }
  }
  return blocks ? blown / blocks : 0;
}
