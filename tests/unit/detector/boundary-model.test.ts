import { describe, expect, it } from "vitest";
import { downscale } from "../../../scanner/detector/downscale";
import { colourGradient } from "../../../scanner/detector/gradient";
import { thinEdges } from "../../../scanner/detector/edges";
import { BOUNDARY_FEATURES, boundaryFeatures, boundaryLookup } from "../../../scanner/detector/boundary-model";
import { BOUNDARY_WEIGHTS } from "../../../scanner/detector/boundary-weights";
import type { Quad } from "../../../scanner/detector/types";
import { renderScene } from "./synthetic";

// A page on wood: its border, and the wood grain around it.
const corners: Quad = [[150, 90], [490, 110], [470, 440], [130, 420]];
const frame = renderScene({ width: 640, height: 480, corners, background: "wood", noise: 3 });
const planes = downscale(frame, 320);
const g = colourGradient(planes), e = thinEdges(g);

/** The model's P at every edge pixel, 0 elsewhere. */
function boundaryMap(): Float32Array {
  const pageEdge = boundaryLookup(planes, g), prob = new Float32Array(e.edge.length);
  for (let i = 0; i < prob.length; i++) if (e.edge[i]) prob[i] = pageEdge(i);
  return prob;
}

/** Mean P over the edge pixels within 1.5 working px of the page's sides, and over those of the grain outside it. */
function meanByKind(prob: Float32Array): { border: number; grain: number } {
  const quad = corners.map(([x, y]) => [x / planes.sx - 0.5, y / planes.sy - 0.5]);
  const sum = { border: 0, grain: 0 }, n = { border: 0, grain: 0 };
  for (let i = 0; i < prob.length; i++) {
    if (!e.edge[i]) continue;
    const x = i % planes.width, y = (i - x) / planes.width;
    const dist = Math.min(...quad.map((a, k) => {
      const b = quad[(k + 1) % 4], dx = b[0] - a[0], dy = b[1] - a[1];
      return Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / Math.hypot(dx, dy);
    }));
    const kind = dist <= 1.5 ? "border" : dist >= 8 && !inside(quad, x, y) ? "grain" : null;
    if (kind) { sum[kind] += prob[i]; n[kind]++; }
  }
  expect(n.border).toBeGreaterThan(200);
  expect(n.grain).toBeGreaterThan(50);
  return { border: sum.border / n.border, grain: sum.grain / n.grain };
}

function inside(q: number[][], x: number, y: number): boolean {
  return q.every((a, k) => {
    const b = q[(k + 1) % 4];
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0;
  });
}

describe("boundaryLookup", () => {
  it("rates a page's border well above the desk's texture", () => {
    const { border, grain } = meanByKind(boundaryMap());
    expect(border).toBeGreaterThan(0.5);
    expect(grain).toBeLessThan(border - 0.3);
  });

  it("is a probability, the same however often it is asked", () => {
    const pageEdge = boundaryLookup(planes, g), again = boundaryLookup(planes, g);
    for (let i = 0; i < e.edge.length; i++) {
      if (!e.edge[i]) continue;
      const p = pageEdge(i);
      expect(p >= 0 && p <= 1).toBe(true);
      expect(pageEdge(i)).toBe(p);
      expect(again(i)).toBe(p);
    }
  });

  it("reads features the fitted weights were made for", () => {
    expect(BOUNDARY_WEIGHTS.mean).toHaveLength(BOUNDARY_FEATURES);
    expect(BOUNDARY_WEIGHTS.scale).toHaveLength(BOUNDARY_FEATURES);
    for (const row of BOUNDARY_WEIGHTS.hidden) expect(row).toHaveLength(BOUNDARY_FEATURES + 1);
    expect(BOUNDARY_WEIGHTS.out).toHaveLength(BOUNDARY_WEIGHTS.hidden.length + 1);
  });

  it("reads the lighter side first whichever way the gradient points", () => {
    const out = new Float32Array(BOUNDARY_FEATURES);
    let checked = 0;
    for (let i = 0; i < e.edge.length && checked < 50; i++) {
      if (!e.edge[i] || !boundaryFeatures(planes, g, i, out)) continue;
      // Features 6 and 15 are the luminance at -2 and +2 px along the normal: +2 is the lighter side.
      expect(out[15]).toBeGreaterThanOrEqual(out[6]);
      checked++;
    }
    expect(checked).toBe(50);
  });
});
