// The pixel types and helpers every stage of the scanner shares: the detector, the page's
// filters and encoders, and the live checks.

/** RGBA pixels, row-major, like the DOM's ImageData. */
export interface Frame {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/**
 * One bit per pixel, packed MSB-first (the leftmost pixel is bit 7), rows padded to whole
 * bytes, 1 = white (paper) and 0 = black (ink): PNG's 1-bit grey and PDF's DeviceGray
 * with /BitsPerComponent 1, so the rows go into either as they are.
 */
export interface Bitmap1 {
  width: number;
  height: number;
  rowBytes: number;
  bits: Uint8Array;
}

/** Averages kx × ky blocks (the last row and column of blocks may be partial). */
export function boxReduce(src: Frame, kx: number, ky: number): Frame {
  const { data, width: W, height: H } = src;
  const w = Math.ceil(W / kx), h = Math.ceil(H / ky);
  const out = new Uint8ClampedArray(w * h * 4);
  const acc = new Uint32Array(w * 3), cnt = new Uint32Array(w), block = new Int32Array(W);
  for (let x = 0; x < W; x++) block[x] = (x / kx) | 0;
  for (let j = 0; j < h; j++) {
    acc.fill(0); cnt.fill(0);
    const y1 = Math.min(H, (j + 1) * ky);
    for (let y = j * ky; y < y1; y++) {
      for (let x = 0, i = y * W * 4; x < W; x++, i += 4) {
        const b = block[x], a = b * 3;
        acc[a] += data[i]; acc[a + 1] += data[i + 1]; acc[a + 2] += data[i + 2]; cnt[b]++;
      }
    }
    for (let b = 0, o = j * w * 4; b < w; b++, o += 4) {
      const n = cnt[b], half = n >> 1;
      out[o] = ((acc[b * 3] + half) / n) | 0;
      out[o + 1] = ((acc[b * 3 + 1] + half) / n) | 0;
      out[o + 2] = ((acc[b * 3 + 2] + half) / n) | 0;
      out[o + 3] = 255;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Mean luma 0..255 of a frame, sampled every 4th pixel (for "too dark" on live frames).
 * The page filters themselves live in `scanner/image` (docs/filters.md).
 */
export function meanLuma(f: Frame): number {
  const d = f.data;
  let sum = 0, n = 0;
  for (let i = 0; i < d.length; i += 16) {
    sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    n++;
  }
  return n ? sum / n : 0;
}
