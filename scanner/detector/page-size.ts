import type { Quad } from "./types";
import { dist } from "./geometry";

/**
 * Output size of the upright page: the aspect ratio of the real rectangle, from
 * the quad's perspective geometry (focal length estimated from the quad,
 * principal point at the frame centre; Zhang & He 2007), at the quad's own
 * resolution (the longer of its opposite sides). Not snapped to a paper format:
 * the PDF step does that, once (`scanner/pdf/page-size.ts`).
 */
export function estimatePageSize(corners: Quad, frameWidth: number, frameHeight: number): { width: number; height: number } {
  const [tl, tr, br, bl] = corners;
  const sideW = Math.max(dist(tl, tr), dist(bl, br)), sideH = Math.max(dist(tl, bl), dist(tr, br));
  if (!(sideW > 0 && sideH > 0)) return { width: 0, height: 0 }; // degenerate quad
  const ratio = widthOverHeight(corners, frameWidth, frameHeight);
  // Keep at least the quad's own pixel count along its longer dimension.
  const height = Math.max(sideH, sideW / ratio);
  return { width: Math.round(height * ratio), height: Math.round(height) };
}

/** Long ÷ short side of the real rectangle the quad images (corners in cyclic order). */
export function realAspect(corners: Quad, frameWidth: number, frameHeight: number): number {
  const r = widthOverHeight(corners, frameWidth, frameHeight);
  return r >= 1 ? r : 1 / r;
}

function widthOverHeight(q: Quad, frameWidth: number, frameHeight: number): number {
  const [tl, tr, br, bl] = q;
  return perspectiveRatio(q, frameWidth / 2, frameHeight / 2) ?? Math.max(dist(tl, tr), dist(bl, br)) / Math.max(dist(tl, bl), dist(tr, br));
}

// Width/height of the real rectangle imaged as the quad, or null if the quad's
// geometry does not fix it (then the caller falls back to side lengths).
function perspectiveRatio(q: Quad, u0: number, v0: number): number | null {
  const [m1, m2, m4, m3] = q.map(([x, y]): [number, number, number] => [x - u0, y - v0, 1]) as [number, number, number][];
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2 = m2.map((v, i) => k2 * v - m1[i]), n3 = m3.map((v, i) => k3 * v - m1[i]);
  if (!Number.isFinite(k2) || !Number.isFinite(k3)) return null;
  const nearAffine = Math.abs(n2[2]) < 1e-6 || Math.abs(n3[2]) < 1e-6;
  const f2 = nearAffine ? Infinity : -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]);
  if (!(f2 > 0)) return null;
  const len = (n: number[]) => (Number.isFinite(f2) ? (n[0] ** 2 + n[1] ** 2) / f2 + n[2] ** 2 : n[0] ** 2 + n[1] ** 2);
  const r = Math.sqrt(len(n2) / len(n3));
  return Number.isFinite(r) && r > 0.05 && r < 20 ? r : null;
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: number[], b: number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

