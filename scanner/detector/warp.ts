import { boxReduce } from "../pixels";
import type { Frame, Quad } from "./types";
import { homographyFrom } from "./homography";
import { dist } from "./geometry";

export { boxReduce };

/**
 * Source pixels per output pixel above which the source is first box-reduced: bilinear
 * sampling reads 2×2 pixels per output pixel, so a page shrunk by more than ~1.5× skips
 * source pixels and aliases (moiré on fine print, jagged strokes).
 */
const REDUCE_ABOVE = 1.5;

/**
 * Maps the quad (tl, tr, br, bl in src pixels) onto an upright width x height
 * RGBA image; pixels that fall outside src are black. When the quad is much larger
 * than the output (a 12 MP photo straightened to a 200-dpi page), the source is
 * first averaged down by an integer factor per axis, so every source pixel counts
 * once; the remaining scale (0.75–1.5×) is sampled bilinearly.
 */
export function warpPerspective(src: Frame, corners: Quad, width: number, height: number): Frame {
  const w = Math.max(1, Math.round(width)), h = Math.max(1, Math.round(height));
  const [kx, ky] = reduction(corners, w, h);
  if (kx === 1 && ky === 1) return sampleBilinear(src, corners, w, h);
  const small = boxReduce(src, kx, ky);
  // A reduced pixel i covers source [i·k, (i+1)·k): the pixel-edge convention scales exactly.
  const q = corners.map(([x, y]) => [x / kx, y / ky]) as Quad;
  return sampleBilinear(small, q, w, h);
}

/** Integer box factors per axis: the quad's mean side length over the output's, rounded. */
export function reduction(corners: Quad, w: number, h: number): [number, number] {
  const [tl, tr, br, bl] = corners;
  const rx = (dist(tl, tr) + dist(bl, br)) / 2 / w, ry = (dist(tl, bl) + dist(tr, br)) / 2 / h;
  const k = (r: number) => (r > REDUCE_ABOVE && Number.isFinite(r) ? Math.round(r) : 1);
  return [k(rx), k(ry)];
}

function sampleBilinear(src: Frame, corners: Quad, w: number, h: number): Frame {
  const out = new Uint8ClampedArray(w * h * 4);
  const H = homographyFrom([[0, 0], [w, 0], [w, h], [0, h]], corners);
  if (!H) return { data: out, width: w, height: h };
  const { data, width: W, height: Hs } = src;
  for (let v = 0; v < h; v++) {
    const cv = v + 0.5;
    for (let u = 0; u < w; u++) {
      // Pixel centres sit at +0.5 in both images (the projection, inlined).
      const cu = u + 0.5, q = H[6] * cu + H[7] * cv + H[8];
      const fx = (H[0] * cu + H[1] * cv + H[2]) / q - 0.5, fy = (H[3] * cu + H[4] * cv + H[5]) / q - 0.5;
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
