import type { Frame } from "./types";

/** A downscaled frame as float planes: luminance and two colour-opponent channels. */
export interface Planes {
  width: number;
  height: number;
  /** frame pixels per working pixel, horizontally and vertically */
  sx: number;
  sy: number;
  lum: Float32Array;
  /** red - green */
  rg: Float32Array;
  /** (red + green) / 2 - blue */
  yb: Float32Array;
}

/** Box-averages the RGBA frame so its long side is at most `size` pixels. */
export function downscale(frame: Frame, size: number): Planes {
  const { width: W, height: H, data } = frame;
  const s = Math.min(1, size / Math.max(W, H));
  const w = Math.max(1, Math.round(W * s)), h = Math.max(1, Math.round(H * s));
  const lum = new Float32Array(w * h), rg = new Float32Array(w * h), yb = new Float32Array(w * h);
  const xs = bounds(W, w), ys = bounds(H, h);
  // Summing every source pixel costs too much on 1080p; a stride keeps the
  // average unbiased while reading at most ~4 samples per box row.
  const step = Math.max(1, Math.round(W / w / 2));
  const stride = 4 * step, rowStride = 4 * W * step;
  for (let j = 0; j < h; j++) {
    const y0 = ys[j], y1 = ys[j + 1];
    for (let i = 0; i < w; i++) {
      const x0 = xs[i], x1 = xs[i + 1];
      // Integer sums (a few samples of 0..255, far from overflow) stay small
      // integers for the JIT; the division and mixing below are unchanged.
      let r = 0, g = 0, b = 0, n = 0;
      for (let y = y0, row = (y0 * W + x0) * 4; y < y1; y += step, row += rowStride) {
        for (let x = x0, o = row; x < x1; x += step, o += stride) {
          r = (r + data[o]) | 0; g = (g + data[o + 1]) | 0; b = (b + data[o + 2]) | 0; n++;
        }
      }
      const k = j * w + i;
      const rm = r / n, gm = g / n, bm = b / n;
      lum[k] = 0.299 * rm + 0.587 * gm + 0.114 * bm;
      rg[k] = rm - gm;
      yb[k] = (rm + gm) / 2 - bm;
    }
  }
  return { width: w, height: h, sx: W / w, sy: H / h, lum, rg, yb };
}

function bounds(full: number, small: number): Int32Array {
  const b = new Int32Array(small + 1);
  for (let i = 0; i <= small; i++) b[i] = Math.min(full, Math.round((i * full) / small));
  return b;
}
