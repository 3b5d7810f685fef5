import type { Frame } from "../pixels";

/**
 * The page at twice its width and height by a cubic convolution (Keys' kernel with `a`;
 * -0.5 is Catmull-Rom). A PDF viewer or an OCR engine that enlarges a small page itself often
 * repeats pixels (poppler does), which turns a stroke's grey edge into steps; interpolating
 * here keeps the edge where the grey put it. Edges are clamped; alpha is opaque.
 */
export function upscale2x(page: Frame, a = -0.5): Frame {
  const { width: w, height: h, data: src } = page, W = 2 * w, H = 2 * h;
  // Output pixel 2i samples the source at i - 0.25 (taps i-2..i+1), 2i+1 at i + 0.25 (taps i-1..i+2).
  const k = [weights(0.75, a), weights(0.25, a)];
  const tapsX = taps(w), tapsY = taps(h);
  const rows = new Float32Array(W * h * 3);
  for (let y = 0; y < h; y++) {
    const s = y * w * 4;
    for (let X = 0, o = y * W * 3; X < W; X++, o += 3) {
      const [k0, k1, k2, k3] = k[X & 1], t = X * 4;
      const p0 = s + tapsX[t] * 4, p1 = s + tapsX[t + 1] * 4, p2 = s + tapsX[t + 2] * 4, p3 = s + tapsX[t + 3] * 4;
      for (let c = 0; c < 3; c++) rows[o + c] = k0 * src[p0 + c] + k1 * src[p1 + c] + k2 * src[p2 + c] + k3 * src[p3 + c];
    }
  }
  const out = new Uint8ClampedArray(W * H * 4);
  for (let Y = 0; Y < H; Y++) {
    const [k0, k1, k2, k3] = k[Y & 1], t = Y * 4, row = W * 3;
    const r0 = tapsY[t] * row, r1 = tapsY[t + 1] * row, r2 = tapsY[t + 2] * row, r3 = tapsY[t + 3] * row;
    for (let X = 0, o = Y * W * 4, q = 0; X < W; X++, o += 4, q += 3) {
      out[o] = k0 * rows[r0 + q] + k1 * rows[r1 + q] + k2 * rows[r2 + q] + k3 * rows[r3 + q];
      out[o + 1] = k0 * rows[r0 + q + 1] + k1 * rows[r1 + q + 1] + k2 * rows[r2 + q + 1] + k3 * rows[r3 + q + 1];
      out[o + 2] = k0 * rows[r0 + q + 2] + k1 * rows[r1 + q + 2] + k2 * rows[r2 + q + 2] + k3 * rows[r3 + q + 2];
      out[o + 3] = 255;
    }
  }
  return { data: out, width: W, height: H };
}

/** For each of the 2n outputs along an axis, its four source indices (clamped to the edge). */
function taps(n: number): Int32Array {
  const t = new Int32Array(8 * n);
  for (let X = 0; X < 2 * n; X++) {
    const first = (X >> 1) - 2 + (X & 1);
    for (let j = 0; j < 4; j++) t[X * 4 + j] = Math.max(0, Math.min(n - 1, first + j));
  }
  return t;
}

/** Keys' cubic weights for the four taps around a sample `t` (0..1) past the second one. */
function weights(t: number, a: number): [number, number, number, number] {
  const k = (x: number) => {
    x = Math.abs(x);
    return x <= 1 ? (a + 2) * x ** 3 - (a + 3) * x ** 2 + 1 : x < 2 ? a * x ** 3 - 5 * a * x ** 2 + 8 * a * x - 4 * a : 0;
  };
  return [k(1 + t), k(t), k(1 - t), k(2 - t)];
}
