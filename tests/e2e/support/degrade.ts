/**
 * Camera faults for the capture-prompt tests: the synthetic photo (synthetic-page.ts) out of
 * focus or in a dim room, as a fake camera would see it.
 */
import type { Photo } from "./synthetic-page";

/**
 * A page out of focus: a Gaussian blur of the RGB channels of about `sigma` px, as three box
 * blurs along each axis (edges repeated); running sums, so its cost does not grow with sigma.
 */
export function blurred(photo: Photo, sigma: number): Photo {
  // three boxes of width 2r + 1 have the variance of a Gaussian of sigma when 3 ((2r + 1)² - 1) / 12 = sigma²
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  const { width: W, height: H } = photo;
  const data = new Uint8Array(photo.data);
  const line = new Float32Array(Math.max(W, H)), out = new Float32Array(Math.max(W, H));
  const box = (n: number) => {
    let acc = 0;
    for (let i = -r; i <= r; i++) acc += line[Math.min(n - 1, Math.max(0, i))];
    for (let i = 0; i < n; i++) {
      out[i] = acc / (2 * r + 1);
      acc += line[Math.min(n - 1, i + r + 1)] - line[Math.max(0, i - r)];
    }
  };
  for (let c = 0; c < 3; c++) {
    for (let pass = 0; pass < 3; pass++) {
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) line[x] = data[(y * W + x) * 4 + c];
        box(W);
        for (let x = 0; x < W; x++) data[(y * W + x) * 4 + c] = out[x];
      }
      for (let x = 0; x < W; x++) {
        for (let y = 0; y < H; y++) line[y] = data[(y * W + x) * 4 + c];
        box(H);
        for (let y = 0; y < H; y++) data[(y * W + x) * 4 + c] = out[y];
      }
    }
  }
  return { ...photo, data };
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
