import type { Frame } from "@/scanner/detector";

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
