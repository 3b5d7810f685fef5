import type { Planes } from "./downscale";
import type { EdgeMap } from "./edges";
import type { Point } from "./types";
import { regionStats, type RegionStats } from "./region-cues";

/*
 * Paper cues: a page is brighter than most of the frame and carries print,
 * the desk right outside it is plainer. Their weights are in rank-model.ts.
 */
const RING = 6; // working px outside a side where the desk's texture is sampled

/** Brightness above the frame's, edge density inside the quad and just outside it. */
export function paperCues(corners: Point[], p: Planes, edges: EdgeMap, frame: RegionStats): { bright: number; printInside: number; textureOutside: number } {
  return {
    bright: (regionStats(p, corners).lumHigh - frame.lumHigh) / 255,
    printInside: edgeDensityInside(corners, edges.edge, p.width, p.height),
    textureOutside: edgeDensityOutside(corners, edges.edge, p.width, p.height),
  };
}

function centroid(q: Point[]): Point {
  return [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];
}

// Whether an edge pixel lies within one pixel of (x, y): 1 or 0, -1 off the frame's inner part.
// Looked up where sampled (about 130 points a quad) rather than dilating the whole edge map.
export function edgeNear(e: Uint8Array, w: number, h: number, x: number, y: number): number {
  const xi = Math.round(x), yi = Math.round(y);
  if (xi < 1 || yi < 1 || xi >= w - 1 || yi >= h - 1) return -1;
  const i = yi * w + xi;
  return e[i - w - 1] | e[i - w] | e[i - w + 1] | e[i - 1] | e[i] | e[i + 1] | e[i + w - 1] | e[i + w] | e[i + w + 1];
}

// Share of a 9×9 lattice (15–85 % across the quad) with an edge pixel nearby: print on paper.
function edgeDensityInside(q: Point[], e: Uint8Array, w: number, h: number): number {
  let hit = 0, n = 0;
  for (let j = 0; j < 9; j++) {
    for (let i = 0; i < 9; i++) {
      const u = 0.15 + (0.7 * i) / 8, v = 0.15 + (0.7 * j) / 8;
      const x = (1 - v) * ((1 - u) * q[0][0] + u * q[1][0]) + v * ((1 - u) * q[3][0] + u * q[2][0]);
      const y = (1 - v) * ((1 - u) * q[0][1] + u * q[1][1]) + v * ((1 - u) * q[3][1] + u * q[2][1]);
      const r = edgeNear(e, w, h, x, y);
      if (r >= 0) { hit += r; n++; }
    }
  }
  return n ? hit / n : 0;
}

// The same just outside the sides (RING px out): a plain desk has few.
function edgeDensityOutside(q: Point[], e: Uint8Array, w: number, h: number): number {
  const [cx, cy] = centroid(q);
  let hit = 0, n = 0;
  for (let k = 0; k < 4; k++) {
    const a = q[k], b = q[(k + 1) % 4];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    let nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len;
    if (nx * (cx - a[0]) + ny * (cy - a[1]) > 0) { nx = -nx; ny = -ny; }
    for (let s = 0; s < 12; s++) {
      const u = 0.1 + (0.8 * s) / 11;
      const r = edgeNear(e, w, h, a[0] + u * (b[0] - a[0]) + RING * nx, a[1] + u * (b[1] - a[1]) + RING * ny);
      if (r >= 0) { hit += r; n++; }
    }
  }
  return n ? hit / n : 0.5;
}
