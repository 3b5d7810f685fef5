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
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let r = 0, g = 0, b = 0, n = 0;
      for (let y = ys[j]; y < ys[j + 1]; y += step) {
        let o = (y * W + xs[i]) * 4;
        for (let x = xs[i]; x < xs[i + 1]; x += step, o += 4 * step) {
          r += data[o]; g += data[o + 1]; b += data[o + 2]; n++;
        }
      }
      const k = j * w + i;
      r /= n; g /= n; b /= n;
      lum[k] = 0.299 * r + 0.587 * g + 0.114 * b;
      rg[k] = r - g;
      yb[k] = (r + g) / 2 - b;
    }
  }
  return { width: w, height: h, sx: W / w, sy: H / h, lum, rg, yb };
}

function bounds(full: number, small: number): Int32Array {
  const b = new Int32Array(small + 1);
  for (let i = 0; i <= small; i++) b[i] = Math.min(full, Math.round((i * full) / small));
  return b;
}
