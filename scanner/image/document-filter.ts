import type { Frame } from "../pixels";
import { estimatePaper, type PaperMap } from "./paper-map";

/**
 * The tone curve after dividing by the paper: v = pixel / paper (1 is the paper).
 * Paper and anything within 12 % of it goes white; ink at 30 % of the paper or darker
 * goes black; a gamma above 1 darkens the strokes' anti-aliased edges so text reads as ink.
 */
export const TONE = { white: 0.88, black: 0.3, gamma: 1.25 } as const;
/** The curve inside photos and fills: only the light removed, the paper still white. */
export const PHOTO_TONE = { white: 0.95, black: 0, gamma: 1 } as const;
/** Unsharp-mask strength on luma (3×3 binomial): 0 is off; see docs/filters.md for why. */
export const SHARPEN = 1;
/** Colour around the luma, relative to the page divided by its paper (1: as under white light). */
const CHROMA = 1.4;
/** Colour differences (0..255 after the curve) under which a pixel is made neutral: grey ink stays grey. */
const NEUTRAL = 20;

const ONE = 1024, LUT_LEN = 2048;
/** Where `flattenedLuma` puts the paper: headroom above it for paper brighter than its cell. */
export const FLAT_PAPER = 224;
const FLAT_LUT = toneLut({ white: 255 / FLAT_PAPER, black: 0, gamma: 1 });
const PHOTO_LUT = toneLut(PHOTO_TONE);

export interface DocumentFilterOptions {
  grey: boolean;
  /** Overrides `SHARPEN` (for tuning). */
  sharpen?: number;
  /** Overrides `TONE` (for tuning). */
  tone?: { white: number; black: number; gamma: number };
}

/**
 * In place: turns the photo of a page into a scan. Each channel is divided by the paper's
 * own colour under the room's light (`estimatePaper`), which removes shading and colour
 * casts at once; then a tone curve sends the paper to white and ink to near black while
 * coloured ink, stamps and photos keep their hue. With `grey`, the result is luma (R=G=B).
 */
export function documentFilter(page: Frame, opts: DocumentFilterOptions): void {
  const map = estimatePaper(page);
  divideByPaper(page, map, opts.grey ? "grey" : "colour", toneLut(opts.tone ?? TONE), PHOTO_LUT, null);
  const amount = opts.sharpen ?? SHARPEN;
  if (amount > 0) sharpenLuma(page, amount);
}

/**
 * The page's luma divided by the paper's, 0..255 with the paper at `FLAT_PAPER` (no tone curve):
 * what a threshold should look at.
 */
export function flattenedLuma(page: Frame): Uint8Array {
  const out = new Uint8Array(page.width * page.height);
  divideByPaper(page, estimatePaper(page), "flat", FLAT_LUT, FLAT_LUT, out);
  return out;
}

/** 255 · clamp((v − black) / (white − black))^gamma, indexed by v · 1024. */
export function toneLut(t: { white: number; black: number; gamma: number }): Uint8Array {
  const lut = new Uint8Array(LUT_LEN);
  for (let i = 0; i < LUT_LEN; i++) {
    const s = Math.max(0, Math.min(1, (i / ONE - t.black) / (t.white - t.black)));
    lut[i] = Math.round(255 * Math.pow(s, t.gamma));
  }
  return lut;
}

// Divides each pixel's channels by the paper's (bilinear between cell centres; the paper
// becomes 1024), then through `lut`: into the page (colour or grey) or into `flat` (luma).
// One loop with the mode tested per pixel: a callback per pixel costs 3× as much in V8.
function divideByPaper(page: Frame, map: PaperMap, mode: "colour" | "grey" | "flat", lut: Uint8Array, photoLut: Uint8Array, flat: Uint8Array | null): void {
  const { data: d, width: W, height: H } = page, { cols, rows, cell, planes } = map;
  const inv = planes.map((p) => {
    const q = new Float32Array(p.length);
    for (let k = 0; k < p.length; k++) q[k] = ONE / Math.max(1, p[k]);
    return q;
  });
  const wgt = map.nonPaper, wrow = new Float32Array(cols);
  const x0s = new Int32Array(W), x1s = new Int32Array(W), axs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const fx = (x + 0.5) / cell - 0.5, x0 = Math.max(0, Math.min(cols - 1, Math.floor(fx)));
    x0s[x] = x0; x1s[x] = Math.min(cols - 1, x0 + 1); axs[x] = Math.max(0, Math.min(1, fx - x0));
  }
  const row = new Float32Array(cols * 3), top = LUT_LEN - 1, colour = mode === "colour";
  const chromaGain = (CHROMA * 255) / ONE, photoGain = 255 / (PHOTO_TONE.white * ONE);
  for (let y = 0; y < H; y++) {
    const fy = (y + 0.5) / cell - 0.5, y0 = Math.max(0, Math.min(rows - 1, Math.floor(fy)));
    const y1 = Math.min(rows - 1, y0 + 1), ay = Math.max(0, Math.min(1, fy - y0));
    for (let c = 0; c < 3; c++) {
      const p = inv[c];
      for (let cx = 0; cx < cols; cx++) row[cx * 3 + c] = p[y0 * cols + cx] + (p[y1 * cols + cx] - p[y0 * cols + cx]) * ay;
    }
    let anyPhoto = false;
    for (let cx = 0; cx < cols; cx++) {
      const v = (wrow[cx] = wgt[y0 * cols + cx] + (wgt[y1 * cols + cx] - wgt[y0 * cols + cx]) * ay);
      if (v > 0.004) anyPhoto = true;
    }
    for (let x = 0, i = y * W * 4; x < W; x++, i += 4) {
      const xa = x0s[x], xb = x1s[x], a = xa * 3, b = xb * 3, t = axs[x];
      const r = d[i] * (row[a] + (row[b] - row[a]) * t);
      const g = d[i + 1] * (row[a + 1] + (row[b + 1] - row[a + 1]) * t);
      const bl = d[i + 2] * (row[a + 2] + (row[b + 2] - row[a + 2]) * t);
      let w = 0;
      if (anyPhoto) w = wrow[xa] + (wrow[xb] - wrow[xa]) * t;
      if (colour) {
        // Tone-map the luma, then add the colour back around it: the text's luma is the
        // grey filter's (what OCR reads), hue is kept, and noise in black ink stays black.
        const yv = 0.299 * r + 0.587 * g + 0.114 * bl, yi = yv < top ? yv | 0 : top;
        let base = lut[yi], gain = chromaGain;
        if (w > 0.004) { base += (photoLut[yi] - base) * w; gain += (photoGain - gain) * w; }
        const R = base + (r - yv) * gain, G = base + (g - yv) * gain, B = base + (bl - yv) * gain;
        const hi = R > G ? (R > B ? R : B) : G > B ? G : B, lo = R < G ? (R < B ? R : B) : G < B ? G : B;
        if (hi - lo < NEUTRAL && w < 0.5) {
          d[i] = d[i + 1] = d[i + 2] = base;
        } else {
          d[i] = R < 0 ? 0 : R > 255 ? 255 : R;
          d[i + 1] = G < 0 ? 0 : G > 255 ? 255 : G;
          d[i + 2] = B < 0 ? 0 : B > 255 ? 255 : B;
        }
      } else {
        const v = 0.299 * r + 0.587 * g + 0.114 * bl, vi = v < top ? v | 0 : top;
        let o = lut[vi];
        if (w > 0.004) o += (photoLut[vi] - o) * w;
        if (flat) flat[i >> 2] = o;
        else d[i] = d[i + 1] = d[i + 2] = o;
      }
    }
  }
}

// Adds amount × (luma − its 3×3 binomial blur) to every channel: crisper stroke edges.
function sharpenLuma(page: Frame, amount: number): void {
  const { data: d, width: w, height: h } = page, y = new Uint8Array(w * h);
  for (let k = 0, i = 0; k < y.length; k++, i += 4) y[k] = (77 * d[i] + 150 * d[i + 1] + 29 * d[i + 2]) >> 8;
  const a = Math.round(amount * 256);
  for (let r = 1; r < h - 1; r++) {
    for (let x = 1, k = r * w + 1; x < w - 1; x++, k++) {
      const blur = (y[k - w - 1] + 2 * y[k - w] + y[k - w + 1] + 2 * y[k - 1] + 4 * y[k] + 2 * y[k + 1] + y[k + w - 1] + 2 * y[k + w] + y[k + w + 1]) >> 4;
      const delta = ((y[k] - blur) * a) >> 8;
      if (delta === 0) continue;
      const i = k * 4;
      d[i] = clamp(d[i] + delta); d[i + 1] = clamp(d[i + 1] + delta); d[i + 2] = clamp(d[i + 2] + delta);
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
