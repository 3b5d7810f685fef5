import type { Frame } from "@/scanner/detector";

/** In place: luma only (BT.601), for `options.grayscale`. */
export function toGrayscale(f: Frame): void {
  const d = f.data;
  for (let i = 0; i < d.length; i += 4) {
    const y = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    d[i] = d[i + 1] = d[i + 2] = y;
  }
}

/**
 * In place: the "document" filter. Stretches the luma so the 2nd percentile goes
 * black and the paper (the 90th percentile) goes white, which evens out dim or
 * grey-looking paper while keeping colour hue.
 */
export function enhanceDocument(f: Frame): void {
  const d = f.data, hist = new Uint32Array(256);
  for (let i = 0; i < d.length; i += 4) hist[(0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]) | 0]++;
  const lo = percentile(hist, d.length / 4, 0.02), hi = Math.max(lo + 32, percentile(hist, d.length / 4, 0.9));
  const scale = 255 / (hi - lo);
  for (let i = 0; i < d.length; i += 4) {
    for (let k = 0; k < 3; k++) d[i + k] = (d[i + k] - lo) * scale; // clamped by Uint8ClampedArray
  }
}

function percentile(hist: Uint32Array, total: number, q: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= total * q) return v;
  }
  return 255;
}

/** Mean luma 0..255 of a frame, sampled every 4th pixel (for "too dark"). */
export function meanLuma(f: Frame): number {
  const d = f.data;
  let sum = 0, n = 0;
  for (let i = 0; i < d.length; i += 16) {
    sum += 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    n++;
  }
  return n ? sum / n : 0;
}
