import type { Candidate } from "./quad-search";
import type { Planes } from "./downscale";
import type { Point } from "./types";
import { regionStats } from "./region-cues";
import { insideConvex } from "./geometry";
import { MIN_GROWTH } from "./rerank";

/** What the detector knows about its own answer, each roughly 0..1. */
export interface Evidence {
  /** mean and weakest side score after the rerank */
  mean: number;
  min: number;
  /** sides on the frame border (page running off the frame) */
  border: number;
  /** best score of a clearly different quad, as a share of the chosen one's */
  rival: number;
  /** share of the frame the quad covers */
  area: number;
  /** weakest colour step across a visible side, / 64 (capped at 1) */
  step: number;
  /** how far full-resolution refinement moved a corner, in shares of the diagonal (× 100, capped at 1) */
  shift: number;
  /** upper-quartile luminance inside the quad minus the frame's, / 255 */
  bright: number;
  /** the boundary model's P(page border) along the fourth side of a quad sharing the chosen one's other three and holding it: a card's band left out? */
  heldBy: number;
  /** the boundary model's mean P(page border) along the visible sides, and along the least likely one (rerank.ts) */
  pageEdge: number;
  pageEdgeMin: number;
}

/** A quad is a rival when some corner is this share of the diagonal away from the chosen one's. */
const RIVAL_DISTANCE = 0.05;

export function gatherEvidence(best: Candidate, ranked: Candidate[], planes: Planes, coarse: Point[], refined: Point[], diag: number): Evidence {
  const mean = best.support.reduce((s, v) => s + v, 0) / 4;
  const wdiag = Math.hypot(planes.width, planes.height);
  let rival = 0;
  for (const c of ranked) {
    if (c === best || c.score <= rival * best.score || overruled(c, best)) continue;
    const far = c.corners.some((p) => Math.min(...best.corners.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))) > RIVAL_DISTANCE * wdiag);
    if (far) rival = Math.max(rival, c.score / Math.max(1e-9, best.score));
  }
  const visible = best.steps.filter((_, k) => !best.sides[k].border && best.outsides[k]);
  const shift = Math.max(...coarse.map((p, k) => Math.hypot(p[0] - refined[k][0], p[1] - refined[k][1]))) / diag;
  const inside = regionStats(planes, best.corners), frame = regionStats(planes, null);
  return {
    mean, min: Math.min(...best.support), border: best.borderSides, rival: Math.min(1.5, rival), area: best.areaFrac,
    step: Math.min(1, (visible.length ? Math.min(...visible) : 0) / 64), shift: Math.min(1, shift * 100),
    bright: (inside.lumHigh - frame.lumHigh) / 255, heldBy: heldBy(best, ranked),
    pageEdge: best.rank?.pageEdge ?? 0, pageEdgeMin: best.rank?.pageEdgeMin ?? 0,
  };
}

/**
 * A band across a page (a card's coloured stripe, a header bar) makes a quad one side short of the
 * page: three of its sides, the fourth along the band's inner edge. How likely the fourth side of
 * the likeliest such larger quad is a page's border (boundary model); 0 when there is none. The ranking may still be
 * right to prefer the smaller quad (the larger one can reach a paper beneath), so this is evidence
 * for the confidence, not a ranking cue (docs/detector.md, twelfth round).
 */
export function heldBy(best: Candidate, ranked: Candidate[]): number {
  let held = 0;
  for (const d of ranked) {
    if (d === best || d.areaFrac <= MIN_GROWTH * best.areaFrac) continue;
    const added = [0, 1, 2, 3].filter((k) => !best.sides.includes(d.sides[k]));
    if (added.length !== 1 || d.sides[added[0]].border || !best.corners.every((p) => insideConvex(d.corners, p, 2))) continue;
    held = Math.max(held, d.support[added[0]]);
  }
  return held;
}

// A higher-scoring quad inside the chosen one was overruled by preferEnclosing
// as the page's content (a card's band, a footer rule): not a rival.
function overruled(c: Candidate, best: Candidate): boolean {
  return c.score > best.score && c.corners.every((p) => insideConvex(best.corners, p, 2));
}

/**
 * Logistic weights fitted on detect-train: P(IoU >= 0.9) from the evidence (bench/fit-confidence.py), each frame's
 * evidence made under a ranking fitted without it (bench/detect-evidence.ts); refitted with each ranking refit, as the
 * rival's score ratio depends on it.
 * Exported so bench/detect-crossval.ts can put a fold's fitted weights in their place.
 */
export const CONFIDENCE_WEIGHTS: Record<keyof Evidence, number> & { bias: number } = {
  bias: -0.657, mean: 3.897, min: 1.682, border: -1.117, rival: -2.473, area: 2.168, step: -2.502, shift: -1.062, bright: 1.658, heldBy: -4.288, pageEdge: -1.158, pageEdgeMin: 4.547,
};

/** Confidence 0..1 that the corners are right (IoU >= 0.9): a logistic model of the evidence. */
export function confidenceFrom(e: Evidence): number {
  let z = CONFIDENCE_WEIGHTS.bias;
  for (const k of Object.keys(e) as (keyof Evidence)[]) z += CONFIDENCE_WEIGHTS[k] * e[k];
  return 1 / (1 + Math.exp(-z));
}
