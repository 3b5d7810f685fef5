import type { Gradient } from "./gradient";
import type { EdgeMap } from "./edges";
import type { Line } from "./geometry";

/**
 * Edge evidence sampled every pixel along a line across the frame, as prefix
 * sums, so the support of any segment (a candidate quad's side) is O(1).
 */
export interface LineProfile {
  line: Line;
  /** true for the frame's own borders (stand-ins for page sides outside the frame) */
  border: boolean;
  /** cos and sin of line.theta, computed once: the quad search asks for them thousands of times */
  cos: number;
  sin: number;
  t0: number;
  n: number;
  /** prefix counts of samples with an aligned edge pixel within ±1 px */
  hits: Float32Array;
  /** prefix sums of the gradient component along the line normal (signed) */
  signed: Float32Array;
  /** prefix sums of the boundary model's P(page border) of the likeliest aligned edge pixel within ±1 px (boundary-model.ts) */
  pageEdge: Float32Array;
}

const COS_TOL = Math.cos((20 * Math.PI) / 180);

/** Samples edge support along `line`, clipped to the working frame; `pageEdge` is the boundary model (boundary-model.ts). */
export function profileLine(line: Line, g: Gradient, e: EdgeMap, pageEdge: (i: number) => number, border = false): LineProfile {
  const { width: w, height: h } = g;
  const nx = Math.cos(line.theta), ny = Math.sin(line.theta);
  const dx = -ny, dy = nx;
  const [t0, t1] = clipRange(line, w, h);
  const n = Math.max(0, Math.floor(t1 - t0) + 1);
  const hits = new Float32Array(n + 1), signed = new Float32Array(n + 1), onPage = new Float32Array(n + 1);
  for (let k = 0; k < n; k++) {
    const t = t0 + k;
    const px = line.rho * nx + t * dx, py = line.rho * ny + t * dy;
    let hit = 0, best = 0, likeliest = 0;
    for (let o = -1; o <= 1; o++) {
      const x = Math.round(px + o * nx), y = Math.round(py + o * ny);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const i = y * w + x;
      const proj = g.gx[i] * nx + g.gy[i] * ny;
      if (Math.abs(proj) > Math.abs(best)) best = proj;
      if (e.edge[i] && Math.abs(proj) >= COS_TOL * g.mag[i]) {
        hit = 1;
        likeliest = Math.max(likeliest, pageEdge(i));
      }
    }
    hits[k + 1] = hits[k] + hit;
    signed[k + 1] = signed[k] + best;
    onPage[k + 1] = onPage[k] + likeliest;
  }
  return { line, border, cos: nx, sin: ny, t0, n, hits, signed, pageEdge: onPage };
}

/** Parameter t of point p along the profiled line's direction (-sin, cos). */
export function paramOf(pr: LineProfile, p: [number, number]): number {
  return -p[0] * pr.sin + p[1] * pr.cos;
}

/** Support of the segment between parameters ta and tb: [hit share, mean signed gradient, visible length]. */
export function segmentStats(pr: LineProfile, ta: number, tb: number): [number, number, number] {
  const a = sampleIndex(pr, Math.min(ta, tb)), b = sampleIndex(pr, Math.max(ta, tb)), len = b - a;
  if (len <= 0) return [0, 0, 0];
  return [(pr.hits[b] - pr.hits[a]) / len, (pr.signed[b] - pr.signed[a]) / len, len];
}

/** Mean P(page border) over the segment between parameters ta and tb. */
export function segmentPageEdge(pr: LineProfile, ta: number, tb: number): number {
  const a = sampleIndex(pr, Math.min(ta, tb)), b = sampleIndex(pr, Math.max(ta, tb));
  return b > a ? (pr.pageEdge[b] - pr.pageEdge[a]) / (b - a) : 0;
}

// The prefix-sum index of parameter t, clamped to the profile.
function sampleIndex(pr: LineProfile, t: number): number {
  return Math.max(0, Math.min(pr.n, Math.round(t - pr.t0)));
}

// Range of t for which the line lies inside [0,w-1]x[0,h-1].
function clipRange(line: Line, w: number, h: number): [number, number] {
  const nx = Math.cos(line.theta), ny = Math.sin(line.theta);
  const dx = -ny, dy = nx;
  const ox = line.rho * nx, oy = line.rho * ny;
  let lo = -Infinity, hi = Infinity;
  for (const [o, d, max] of [[ox, dx, w - 1], [oy, dy, h - 1]]) {
    if (Math.abs(d) < 1e-9) {
      if (o < 0 || o > max) return [0, -1];
      continue;
    }
    const a = (0 - o) / d, b = (max - o) / d;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  return lo <= hi ? [lo, hi] : [0, -1];
}
