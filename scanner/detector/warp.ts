import type { Frame, Quad } from "./types";
import { homographyFrom, project } from "./homography";

/**
 * Maps the quad (tl, tr, br, bl in src pixels) onto an upright width x height
 * RGBA image with bilinear sampling; pixels that fall outside src are black.
 */
export function warpPerspective(src: Frame, corners: Quad, width: number, height: number): Frame {
  const w = Math.max(1, Math.round(width)), h = Math.max(1, Math.round(height));
  const out = new Uint8ClampedArray(w * h * 4);
  const H = homographyFrom([[0, 0], [w, 0], [w, h], [0, h]], corners);
  if (!H) return { data: out, width: w, height: h };
  const { data, width: W, height: Hs } = src;
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      // Pixel centres sit at +0.5 in both images.
      const [x, y] = project(H, u + 0.5, v + 0.5);
      const fx = x - 0.5, fy = y - 0.5;
      const o = (v * w + u) * 4;
      out[o + 3] = 255;
      if (fx < -0.5 || fy < -0.5 || fx > W - 0.5 || fy > Hs - 0.5) continue;
      const x0 = Math.max(0, Math.min(W - 1, Math.floor(fx))), y0 = Math.max(0, Math.min(Hs - 1, Math.floor(fy)));
      const x1 = Math.min(W - 1, x0 + 1), y1 = Math.min(Hs - 1, y0 + 1);
      const ax = Math.max(0, Math.min(1, fx - x0)), ay = Math.max(0, Math.min(1, fy - y0));
      const i00 = (y0 * W + x0) * 4, i10 = (y0 * W + x1) * 4, i01 = (y1 * W + x0) * 4, i11 = (y1 * W + x1) * 4;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c] + (data[i10 + c] - data[i00 + c]) * ax;
        const bot = data[i01 + c] + (data[i11 + c] - data[i01 + c]) * ax;
        out[o + c] = top + (bot - top) * ay;
      }
    }
  }
  return { data: out, width: w, height: h };
}
