/**
 * Camera faults for the capture-prompt tests: the synthetic photo (synthetic-page.ts) out of
 * focus or in a dim room, as a fake camera would see it.
 */
import type { Photo } from "./synthetic-page";

/** Separable Gaussian blur of the RGB channels (edges repeated): a page out of focus. */
export function blurred(photo: Photo, sigma: number): Photo {
  const r = Math.ceil(3 * sigma);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const w = k.map((v) => v / sum);
  const pass = (src: Uint8Array, dx: number, dy: number): Uint8Array => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const acc = [0, 0, 0];
        for (let i = -r; i <= r; i++) {
          const sx = Math.min(photo.width - 1, Math.max(0, x + i * dx)), sy = Math.min(photo.height - 1, Math.max(0, y + i * dy));
          const o = (sy * photo.width + sx) * 4;
          for (let c = 0; c < 3; c++) acc[c] += w[i + r] * src[o + c];
        }
        const o = (y * photo.width + x) * 4;
        out[o] = acc[0]; out[o + 1] = acc[1]; out[o + 2] = acc[2]; out[o + 3] = 255;
      }
    }
    return out;
  };
  return { ...photo, data: pass(pass(photo.data, 1, 0), 0, 1) };
}

/** Every pixel at `share` of its brightness: the page in a dim room. */
export function dimmed(photo: Photo, share: number): Photo {
  const data = new Uint8Array(photo.data.length);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(photo.data[i + c] * share);
    data[i + 3] = 255;
  }
  return { ...photo, data };
}
