import type { RankFeatures } from "./rank-model";
import type { Point } from "./types";
import { intersect, isConvex, polygonArea, type Line } from "./geometry";
import { paramOf, segmentStats, type LineProfile } from "./line-support";

/** A quadrilateral hypothesis built from four lines, with its evidence. */
export interface Candidate {
  corners: Point[];
  /** the side lines, side k runs from corner k to corner k+1 */
  sides: LineProfile[];
  support: number[];
  /** colour step across each side, and the colour just outside it (set by rerank) */
  steps: number[];
  outsides: (number[] | null)[];
  borderSides: number;
  areaFrac: number;
  /** the second stage's cues (set by rerank) */
  rank?: RankFeatures;
  score: number;
}

export interface SearchParams {
  width: number;
  height: number;
  /** assumed edge support of a side lying on the frame border */
  borderSupport: number;
  minAreaFrac: number;
}

const MAX_PARALLEL = (40 * Math.PI) / 180;
/** Opposite sides closer than this share of the frame's short side make no page. */
const MIN_SEPARATION = 0.06;
// Corners sharper than 35 degrees are not a page seen by a phone camera.
const MAX_CORNER_COS = Math.cos((35 * Math.PI) / 180);
/** Mean gradient across a side (per-pixel units) at which it counts as half-contrasted. */
const HALF_GRADIENT = 2;

/** Enumerates quads from pairs of roughly parallel lines and keeps the best `keep`. */
export function searchQuads(profiles: LineProfile[], p: SearchParams, keep: number): Candidate[] {
  const n = profiles.length;
  const cross = crossings(profiles, p);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const li = profiles[i].line, lj = profiles[j].line;
      // A page's opposite sides meet far off the frame, but a frame border standing in for a
      // side off the frame cuts the page wherever it lies: it may cross the opposite side's line
      // inside the frame (beyond the quad, which the convexity check keeps sound).
      const sidesMeetNearFrame = cross[i * n + j] && !profiles[i].border && !profiles[j].border;
      if (sidesMeetNearFrame || angleBetween(li, lj) > MAX_PARALLEL) continue;
      if (separation(li, lj, p) >= MIN_SEPARATION * Math.min(p.width, p.height)) pairs.push(i, j);
    }
  }
  const best: Candidate[] = [];
  for (let a = 0; a < pairs.length; a += 2) {
    const i1 = pairs[a], i2 = pairs[a + 1];
    for (let b = a + 2; b < pairs.length; b += 2) {
      const j1 = pairs[b], j2 = pairs[b + 1];
      const c0 = cross[i1 * n + j1], c1 = cross[j1 * n + i2], c2 = cross[i2 * n + j2], c3 = cross[j2 * n + i1];
      if (!c0 || !c1 || !c2 || !c3) continue;
      // Most quads score below the kept list's last one: those are never built.
      const floor = best.length >= keep ? best[best.length - 1].score : -Infinity;
      const c = evaluate([profiles[i1], profiles[j1], profiles[i2], profiles[j2]], [c3, c0, c1, c2], p, floor);
      if (c) insertTop(best, c, keep);
    }
  }
  return best;
}

// Intersections of every pair of lines that meet near the frame (symmetric table).
function crossings(profiles: LineProfile[], p: SearchParams): (Point | null)[] {
  const n = profiles.length;
  const out: (Point | null)[] = new Array(n * n).fill(null);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = intersect(profiles[i].line, profiles[j].line);
      if (c && nearFrame(c, p)) out[i * n + j] = out[j * n + i] = c;
    }
  }
  return out;
}

// Distance from the frame centre's foot on line a to line b: how far apart two
// near-parallel lines are where the page would be.
function separation(a: Line, b: Line, p: SearchParams): number {
  const ca = Math.cos(a.theta), sa = Math.sin(a.theta);
  const d = ca * (p.width / 2) + sa * (p.height / 2) - a.rho;
  const fx = p.width / 2 - d * ca, fy = p.height / 2 - d * sa;
  return Math.abs(Math.cos(b.theta) * fx + Math.sin(b.theta) * fy - b.rho);
}

function angleBetween(a: Line, b: Line): number {
  const d = Math.abs(a.theta - b.theta);
  return Math.min(d, Math.PI - d);
}

// Sides in cyclic order s0..s3 with corner k = s[k-1] ∩ s[k]; corners from the table.
// Null when the quad is no page, or when it scores no higher than `floor` (it would not be kept).
function evaluate(sides: LineProfile[], corners: Point[], p: SearchParams, floor: number): Candidate | null {
  let borders = 0;
  for (const s of sides) if (s.border) borders++;
  if (borders > 2 || !isConvex(corners)) return null;
  for (let k = 0; k < 4; k++) {
    if (cornerCos(corners[(k + 3) % 4], corners[k], corners[(k + 1) % 4]) > MAX_CORNER_COS) return null;
  }
  const areaFrac = polygonArea(corners) / (p.width * p.height);
  if (areaFrac < p.minAreaFrac) return null;
  const support = [0, 0, 0, 0];
  const score = scoreSides(corners, sides, areaFrac, p, support);
  if (score === null || score <= floor) return null;
  // Corners come from a shared table: copy so candidates never alias each other.
  const own = corners.map((c) => [c[0], c[1]] as Point);
  return { corners: own, sides, support, steps: [], outsides: [], borderSides: borders, areaFrac, score };
}

// Stage-1 score; fills `support` with each side's. Null when a visible side is too short to judge.
function scoreSides(corners: Point[], sides: LineProfile[], areaFrac: number, p: SearchParams, support: number[]): number | null {
  const cx = (corners[0][0] + corners[1][0] + corners[2][0] + corners[3][0]) / 4;
  const cy = (corners[0][1] + corners[1][1] + corners[2][1] + corners[3][1]) / 4;
  let polSum = 0, polAbs = 0;
  for (let k = 0; k < 4; k++) {
    const s = sides[k];
    if (s.border) { support[k] = p.borderSupport; continue; }
    const a = corners[k], b = corners[(k + 1) % 4];
    const [hit, signed, len] = segmentStats(s, paramOf(s, a), paramOf(s, b));
    if (len < 4) return null;
    const inward = s.cos * cx + s.sin * cy > s.line.rho ? 1 : -1;
    polSum += inward * signed * len;
    polAbs += Math.abs(signed) * len;
    // Faint texture lines (wood grain, text rows) are straight too; weight by step size.
    const step = Math.abs(signed);
    support[k] = hit * (0.3 + (0.7 * step) / (step + HALF_GRADIENT));
  }
  const mean = (support[0] + support[1] + support[2] + support[3]) / 4;
  const min = Math.min(support[0], support[1], support[2], support[3]);
  const polarity = polAbs > 0 ? Math.abs(polSum) / polAbs : 0;
  return (0.6 * mean + 0.4 * min) * (0.6 + 0.4 * polarity) * Math.pow(areaFrac, 0.25);
}

function nearFrame(c: Point, p: SearchParams): boolean {
  const m = 0.08 * Math.max(p.width, p.height);
  return c[0] >= -m && c[1] >= -m && c[0] <= p.width - 1 + m && c[1] <= p.height - 1 + m;
}

// Keeps the list sorted and free of near-identical quads (from doubled lines).
function insertTop(list: Candidate[], c: Candidate, keep: number): void {
  if (list.length >= keep && c.score <= list[list.length - 1].score) return;
  const twin = list.findIndex((o) => sameQuad(o.corners, c.corners));
  if (twin >= 0) {
    if (list[twin].score >= c.score) return;
    list.splice(twin, 1);
  }
  let i = list.length;
  while (i > 0 && list[i - 1].score < c.score) i--;
  list.splice(i, 0, c);
  if (list.length > keep) list.pop();
}

function sameQuad(a: Point[], b: Point[]): boolean {
  return a.every((p) => b.some((q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) < 4));
}

// Cosine of the angle at b between b->a and b->c.
function cornerCos(a: Point, b: Point, c: Point): number {
  const ux = a[0] - b[0], uy = a[1] - b[1], vx = c[0] - b[0], vy = c[1] - b[1];
  return (ux * vx + uy * vy) / (Math.sqrt((ux * ux + uy * uy) * (vx * vx + vy * vy)) || 1);
}
