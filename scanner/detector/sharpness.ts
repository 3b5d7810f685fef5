import type { Frame } from "./types";

/**
 * Variance of the 4-neighbour Laplacian of the grey frame: high for a crisp
 * frame, low for a blurred one (used to pick the auto-capture frame).
 */
export function sharpness(frame: Frame): number {
  const { data, width: w, height: h } = frame;
  if (w < 3 || h < 3) return 0;
  const grey = new Float32Array(w * h);
  for (let i = 0, o = 0; i < grey.length; i++, o += 4) grey[i] = 0.299 * data[o] + 0.587 * data[o + 1] + 0.114 * data[o + 2];
  let sum = 0, sum2 = 0, n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = grey[i - 1] + grey[i + 1] + grey[i - w] + grey[i + w] - 4 * grey[i];
      sum += lap; sum2 += lap * lap; n++;
    }
  }
  const mean = sum / n;
  return sum2 / n - mean * mean;
}
