/**
 * Stand-ins for the detector's `warpPerspective`, `sharpness` and `StabilityTracker`
 * until scanner/detector exports them; engine.ts is the only importer, so switching
 * over is a one-file change.
 */
import type { Frame, Quad } from "@/scanner/detector";

/** Maps the unit square (tl, tr, br, bl) onto the quad: [a,b,c,d,e,f,g,h]. */
function squareToQuad(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den ? (dx3 * dy2 - dx2 * dy3) / den : 0;
  const h = den ? (dx1 * dy3 - dx3 * dy1) / den : 0;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h];
}

/** Perspective-corrects the quad of `src` into a `width`×`height` frame (bilinear). */
export function warpPerspective(src: Frame, corners: Quad, width: number, height: number): Frame {
  const [a, b, c, d, e, f, g, h] = squareToQuad(corners);
  const out = new Uint8ClampedArray(width * height * 4);
  const sw = src.width, sh = src.height, s = src.data;
  for (let j = 0; j < height; j++) {
    const v = (j + 0.5) / height;
    for (let i = 0; i < width; i++) {
      const u = (i + 0.5) / width;
      const w = g * u + h * v + 1;
      const x = Math.min(sw - 1.001, Math.max(0, (a * u + b * v + c) / w - 0.5));
      const y = Math.min(sh - 1.001, Math.max(0, (d * u + e * v + f) / w - 0.5));
      const x0 = x | 0, y0 = y | 0, fx = x - x0, fy = y - y0;
      const p = (y0 * sw + x0) * 4, o = (j * width + i) * 4;
      for (let k = 0; k < 3; k++) {
        const top = s[p + k] + (s[p + 4 + k] - s[p + k]) * fx;
        const bot = s[p + sw * 4 + k] + (s[p + sw * 4 + 4 + k] - s[p + sw * 4 + k]) * fx;
        out[o + k] = top + (bot - top) * fy;
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** Variance of the 4-neighbour Laplacian of the luma: higher is sharper. */
export function sharpness(frame: Frame): number {
  const { width: w, height: hgt, data } = frame;
  const luma = new Uint8Array(w * hgt);
  for (let i = 0; i < w * hgt; i++) luma[i] = (77 * data[i * 4] + 150 * data[i * 4 + 1] + 29 * data[i * 4 + 2]) >> 8;
  let sum = 0, sum2 = 0, n = 0;
  for (let y = 1; y < hgt - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const l = luma[i - 1] + luma[i + 1] + luma[i - w] + luma[i + w] - 4 * luma[i];
      sum += l; sum2 += l * l; n++;
    }
  }
  return n ? sum2 / n - (sum / n) ** 2 : 0;
}

/** Says when a detected quad has held still (within 1.5% of the diagonal) for `frames` frames. */
export class StabilityTracker {
  private last: Quad | null = null;
  private streak = 0;
  constructor(private readonly frames = 8, private readonly tolerance = 0.015) {}

  push(det: { corners: Quad } | null, _nowMs: number): { corners: Quad | null; stable: boolean; progress: number } {
    if (!det) {
      this.reset();
      return { corners: null, stable: false, progress: 0 };
    }
    const q = det.corners;
    const diag = Math.hypot(q[2][0] - q[0][0], q[2][1] - q[0][1]) || 1;
    const moved = this.last ? Math.max(...q.map((p, k) => Math.hypot(p[0] - this.last![k][0], p[1] - this.last![k][1]))) : Infinity;
    this.streak = moved / diag <= this.tolerance ? this.streak + 1 : 0;
    this.last = q;
    const progress = Math.min(1, this.streak / this.frames);
    return { corners: q, stable: progress >= 1, progress };
  }

  reset(): void {
    this.last = null;
    this.streak = 0;
  }
}

type V3 = [number, number, number];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * The page's size in source pixels, its aspect recovered from the perspective
 * (Zhang & He, "Whiteboard scanning": focal length estimated from the quad,
 * principal point at the frame centre); the width is the longer of the top and
 * bottom sides. Falls back to plain side lengths when the view is nearly frontal.
 */
export function estimatePageSize(q: Quad, frameW: number, frameH: number): { width: number; height: number } {
  const len = (a: number, b: number) => Math.hypot(q[a][0] - q[b][0], q[a][1] - q[b][1]);
  const width = Math.max(len(0, 1), len(3, 2));
  const h = (k: number): V3 => [q[k][0] - frameW / 2, q[k][1] - frameH / 2, 1];
  const m1 = h(0), m2 = h(1), m3 = h(3), m4 = h(2);
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2 = m2.map((v, i) => k2 * v - m1[i]) as V3;
  const n3 = m3.map((v, i) => k3 * v - m1[i]) as V3;
  const f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]);
  const ratio = Number.isFinite(f2) && f2 > 0 && Math.abs(n2[2] * n3[2]) > 1e-9
    ? Math.sqrt((n2[0] ** 2 + n2[1] ** 2) / f2 + n2[2] ** 2) / Math.sqrt((n3[0] ** 2 + n3[1] ** 2) / f2 + n3[2] ** 2)
    : (len(0, 1) + len(3, 2)) / (len(0, 3) + len(1, 2));
  return { width, height: width / ratio };
}
