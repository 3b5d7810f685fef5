import type { Point, Quad } from "./types";

/** A line n·p = rho with unit normal n = (cos t, sin t). */
export interface Line {
  theta: number;
  rho: number;
}

/** Twice the signed area; positive for clockwise order on screen (y down). */
export function signedArea2(p: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i];
    const [x2, y2] = p[(i + 1) % p.length];
    a += x1 * y2 - x2 * y1;
  }
  return a;
}

/** Unsigned area of a simple polygon. */
export function polygonArea(p: readonly Point[]): number {
  return Math.abs(signedArea2(p)) / 2;
}

/** Euclidean distance between two points. */
export function dist(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Intersection of two lines, or null when (nearly) parallel. */
export function intersect(a: Line, b: Line): Point | null {
  const c1 = Math.cos(a.theta), s1 = Math.sin(a.theta);
  const c2 = Math.cos(b.theta), s2 = Math.sin(b.theta);
  const det = c1 * s2 - s1 * c2;
  if (Math.abs(det) < 1e-6) return null;
  return [(a.rho * s2 - b.rho * s1) / det, (c1 * b.rho - c2 * a.rho) / det];
}

/** True when the polygon turns the same way at every vertex (strictly). */
export function isConvex(p: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i], b = p[(i + 1) % p.length], c = p[(i + 2) % p.length];
    const cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(cr) < 1e-9) return false;
    const s = Math.sign(cr);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * Orders four points clockwise on screen starting with the one of smallest x+y,
 * the convention the scanner UI and the scorer share.
 */
export function orderCorners(pts: readonly Point[]): Quad {
  const cx = (pts[0][0] + pts[1][0] + pts[2][0] + pts[3][0]) / 4;
  const cy = (pts[0][1] + pts[1][1] + pts[2][1] + pts[3][1]) / 4;
  // atan2 grows clockwise on screen because y points down.
  const sorted = [...pts].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  for (let i = 1; i < 4; i++) if (sorted[i][0] + sorted[i][1] < sorted[start][0] + sorted[start][1]) start = i;
  const out = [0, 1, 2, 3].map((i) => [...sorted[(start + i) % 4]] as Point);
  return out as Quad;
}

/** Whether p lies inside the convex polygon, or within `tol` of its sides. */
export function insideConvex(poly: Point[], p: Point, tol: number): boolean {
  let sign = 0;
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k], b = poly[(k + 1) % poly.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const d = ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len;
    if (Math.abs(d) <= tol) continue;
    if (sign === 0) sign = Math.sign(d);
    else if (Math.sign(d) !== sign) return false;
  }
  return true;
}
