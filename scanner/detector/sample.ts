import type { Frame } from "./types";

/** Bilinear RGB at (x, y) of an RGBA frame into out[0..2]; edges clamp. */
export function sampleRGB(f: Frame, x: number, y: number, out: Float32Array): void {
  const W = f.width, H = f.height, d = f.data;
  const cx = Math.max(0, Math.min(W - 1.001, x)), cy = Math.max(0, Math.min(H - 1.001, y));
  const x0 = cx | 0, y0 = cy | 0, ax = cx - x0, ay = cy - y0;
  const o00 = (y0 * W + x0) * 4, o10 = o00 + 4, o01 = o00 + W * 4, o11 = o01 + 4;
  const w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
  for (let c = 0; c < 3; c++) out[c] = d[o00 + c] * w00 + d[o10 + c] * w10 + d[o01 + c] * w01 + d[o11 + c] * w11;
}
