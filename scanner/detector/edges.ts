import type { Gradient } from "./gradient";

/** Thin edges: gradient maxima along the gradient direction above a noise-relative threshold. */
export interface EdgeMap {
  edge: Uint8Array;
  threshold: number;
  count: number;
}

/**
 * Non-maximum suppression with a threshold set from the frame's own noise
 * (a multiple of the median gradient), so faint page borders on light desks
 * survive while sensor noise mostly does not.
 */
export function thinEdges(g: Gradient, noiseFactor = 2.5, minThreshold = 0.6, maxThreshold = 8): EdgeMap {
  const { width: w, height: h, gx, gy, mag } = g;
  // The cap keeps a busy background (cloth, wood) from raising the bar above a real page border.
  const threshold = Math.min(maxThreshold, Math.max(minThreshold, noiseFactor * median(mag)));
  const edge = new Uint8Array(w * h);
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i];
      if (m < threshold) continue;
      const ax = Math.abs(gx[i]), ay = Math.abs(gy[i]);
      let off: number;
      if (ay < 0.4142 * ax) off = 1;
      else if (ax < 0.4142 * ay) off = w;
      else off = gx[i] * gy[i] > 0 ? w + 1 : w - 1;
      if (m >= mag[i - off] && m > mag[i + off]) { edge[i] = 1; count++; }
    }
  }
  return { edge, threshold, count };
}

function median(a: Float32Array): number {
  const bins = new Uint32Array(256);
  const scale = 4; // quarter-unit bins up to 64
  for (let i = 0; i < a.length; i++) bins[Math.min(255, (a[i] * scale) | 0)]++;
  let acc = 0;
  for (let b = 0; b < 256; b++) {
    acc += bins[b];
    if (acc * 2 >= a.length) return (b + 0.5) / scale;
  }
  return 64;
}
