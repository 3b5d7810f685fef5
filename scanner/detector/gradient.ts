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
  const { tmp, smooth } = scratch(n);
  for (const plane of [p.lum, p.rg, p.yb]) {
    blur3(plane, p.width, p.height, tmp, smooth);
    sobelMax(smooth, p.width, p.height, gx, gy, mag);
  }
  for (let i = 0; i < n; i++) mag[i] = Math.sqrt(mag[i]);
  return { width: p.width, height: p.height, gx, gy, mag };
}

// Blur buffers, reused from frame to frame (they never leave this module): a
// live camera calls this on every frame, and fresh arrays cost an allocation
// and a zero-fill each time.
let buffers = { tmp: new Float32Array(0), smooth: new Float32Array(0) };
function scratch(n: number): { tmp: Float32Array; smooth: Float32Array } {
  if (buffers.tmp.length < n) buffers = { tmp: new Float32Array(n), smooth: new Float32Array(n) };
  return buffers;
}

// Writes every pixel of `out`: rows first (into tmp), then columns; edges clamp.
function blur3(src: Float32Array, w: number, h: number, tmp: Float32Array, out: Float32Array): void {
  for (let y = 0; y < h; y++) {
    const o = y * w;
    // l, m, r slide along the row (one load per pixel); the sum's order is the formula's.
    let l = src[o], m = src[o];
    for (let x = 0; x < w - 1; x++) {
      const r = src[o + x + 1];
      tmp[o + x] = (l + 2 * m + r) * 0.25;
      l = m; m = r;
    }
    tmp[o + w - 1] = (l + 2 * m + m) * 0.25;
  }
  for (let y = 0; y < h; y++) {
    const u = (y > 0 ? y - 1 : y) * w, d = (y < h - 1 ? y + 1 : y) * w, o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = (tmp[u + x] + 2 * tmp[o + x] + tmp[d + x]) * 0.25;
  }
}

// Keeps, per pixel, the channel with the largest squared gradient (mag holds it squared).
// The 3×3 window slides along the row: three new loads per pixel instead of eight.
function sobelMax(s: Float32Array, w: number, h: number, gx: Float32Array, gy: Float32Array, mag: Float32Array): void {
  for (let y = 1; y < h - 1; y++) {
    const row = y * w;
    // a b c / d e f / g hh k around pixel i; a, b, d, e, g, hh carry over from the pixel before.
    let a = s[row - w], b = s[row - w + 1], d = s[row], e = s[row + 1], g = s[row + w], hh = s[row + w + 1];
    for (let i = row + 1; i < row + w - 1; i++) {
      const c = s[i - w + 1], f = s[i + 1], k = s[i + w + 1];
      const dx = (c + 2 * f + k - a - 2 * d - g) * 0.125;
      const dy = (g + 2 * hh + k - a - 2 * b - c) * 0.125;
      const m = dx * dx + dy * dy;
      if (m > mag[i]) { mag[i] = m; gx[i] = dx; gy[i] = dy; }
      a = b; b = c; d = e; e = f; g = hh; hh = k;
    }
  }
}
