import type { Planes } from "./downscale";

/** Per-pixel gradient of the working frame (per-pixel intensity units). */
export interface Gradient {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
  mag: Float32Array;
}

/**
 * Sobel gradient after a 3x3 binomial blur; at each pixel the channel
 * (luminance or a colour-opponent one) with the strongest response wins, so a
 * white page on a cream desk still shows an edge in colour.
 */
export function colourGradient(p: Planes): Gradient {
  const n = p.width * p.height;
  const gx = new Float32Array(n), gy = new Float32Array(n), mag = new Float32Array(n);
  const tmp = new Float32Array(n);
  for (const plane of [p.lum, p.rg, p.yb]) {
    const sm = blur3(plane, p.width, p.height, tmp);
    sobelMax(sm, p.width, p.height, gx, gy, mag);
  }
  for (let i = 0; i < n; i++) mag[i] = Math.sqrt(mag[i]);
  return { width: p.width, height: p.height, gx, gy, mag };
}

function blur3(src: Float32Array, w: number, h: number, tmp: Float32Array): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const l = x > 0 ? x - 1 : x, r = x < w - 1 ? x + 1 : x;
      tmp[o + x] = (src[o + l] + 2 * src[o + x] + src[o + r]) * 0.25;
    }
  }
  for (let y = 0; y < h; y++) {
    const u = (y > 0 ? y - 1 : y) * w, d = (y < h - 1 ? y + 1 : y) * w, o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = (tmp[u + x] + 2 * tmp[o + x] + tmp[d + x]) * 0.25;
  }
  return out;
}

// Keeps, per pixel, the channel with the largest squared gradient (mag holds it squared).
function sobelMax(s: Float32Array, w: number, h: number, gx: Float32Array, gy: Float32Array, mag: Float32Array): void {
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = s[i - w - 1], b = s[i - w], c = s[i - w + 1];
      const d = s[i - 1], f = s[i + 1];
      const g = s[i + w - 1], hh = s[i + w], k = s[i + w + 1];
      const dx = (c + 2 * f + k - a - 2 * d - g) * 0.125;
      const dy = (g + 2 * hh + k - a - 2 * b - c) * 0.125;
      const m = dx * dx + dy * dy;
      if (m > mag[i]) { mag[i] = m; gx[i] = dx; gy[i] = dy; }
    }
  }
}
