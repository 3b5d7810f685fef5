import type { Candidate } from "./quad-search";
import { paramOf, segmentStats, type LineProfile } from "./line-support";

/** Share of a side's length examined beyond each of its ends. */
const EXTENSION = 0.25;
/** Continuation below this is texture along the line (wood grain, cloth), not the page's edge. */
const FLOOR = 0.2;

/**
 * A page's side ends at its corners: beyond them lies the desk. When a side's
 * edge runs on past a corner with the same polarity, the quad stops short of
 * the page (a table rule, a shadow edge or a card's band taken for a side),
 * so this sums the continuation over both ends of every visible side (its
 * weight in rank-model.ts is negative).
 * Sides on the frame border have no ends to test, and a side whose extension
 * leaves the frame is not penalised for the part it cannot see.
 */
export function cornerContinuation(c: Candidate): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    const side = c.sides[k];
    if (side.border) continue;
    const ta = paramOf(side, c.corners[k]), tb = paramOf(side, c.corners[(k + 1) % 4]);
    const [, signed] = segmentStats(side, ta, tb);
    const reach = EXTENSION * (tb - ta);
    sum += continuation(side, tb, tb + reach, signed) + continuation(side, ta, ta - reach, signed);
  }
  return sum;
}

// Edge hit share beyond an end, counted where the gradient has the side's polarity, above the floor.
function continuation(side: LineProfile, from: number, to: number, sideSigned: number): number {
  const [hit, signed, len] = segmentStats(side, from, to);
  if (len < 3 || Math.abs(sideSigned) < 1e-6) return 0;
  const agree = Math.max(0, Math.min(1, signed / sideSigned));
  const seen = hit * agree * (len / Math.abs(to - from));
  return Math.max(0, seen - FLOOR) / (1 - FLOOR);
}
