// The frame the scanner's worker gets on every live tick: the camera frame shrunk to
// DETECT_SIZE on its long side (scanner/camera/grab-frame.ts) by createImageBitmap with
// resizeQuality "low", which in Chromium is one bilinear sample per pixel (no area
// averaging, so a large shrink aliases); this does the same.
import type { Frame } from "../../scanner/detector/index";

/** Bilinear RGBA copy of `frame` with its long side at `longSide` px (never enlarged). */
export function shrinkToLongSide(frame: Frame, longSide: number): Frame {
  const { width: W, height: H, data } = frame;
  const scale = Math.min(1, longSide / Math.max(W, H));
  const w = Math.max(1, Math.round(W * scale)), h = Math.max(1, Math.round(H * scale));
  const out = new Uint8ClampedArray(w * h * 4);
  const sample = (i: number, n: number, N: number) => Math.min(N - 1, Math.max(0, ((i + 0.5) * N) / n - 0.5));
  for (let j = 0; j < h; j++) {
    const sy = sample(j, h, H), y0 = Math.floor(sy), y1 = Math.min(H - 1, y0 + 1), fy = sy - y0;
    for (let i = 0; i < w; i++) {
      const sx = sample(i, w, W), x0 = Math.floor(sx), x1 = Math.min(W - 1, x0 + 1), fx = sx - x0;
      const a = (y0 * W + x0) * 4, b = (y0 * W + x1) * 4, c = (y1 * W + x0) * 4, d = (y1 * W + x1) * 4;
      for (let k = 0, o = (j * w + i) * 4; k < 4; k++) {
        const top = data[a + k] + (data[b + k] - data[a + k]) * fx, bottom = data[c + k] + (data[d + k] - data[c + k]) * fx;
        out[o + k] = top + (bottom - top) * fy;
      }
    }
  }
  return { data: out, width: w, height: h };
}
