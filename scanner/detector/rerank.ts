import type { Planes } from "./downscale";
import type { Candidate } from "./quad-search";
import type { Quad } from "./types";
import { colourDistance, regionStats, sideColours } from "./region-cues";
import type { EdgeMap } from "./edges";
import { paperCues } from "./paper-cues";
import { cornerContinuation } from "./corner-cues";
import { rankScore } from "./rank-model";
import { formatMiss } from "./format-cues";
import { realAspect } from "./page-size";
import { insideConvex } from "./geometry";
import { sizeCues } from "./size-cues";
import { paramOf, segmentPageEdge } from "./line-support";

/** Colour step (0..255 scale) at which a side counts as half-contrasted. */
const HALF_CONTRAST = 6;
/** Most a side on the frame border can score: it has no edge to show. */
const BORDER_CAP = 0.7;
/** Luminance steps are capped at STEP_CAP and ignored below STEP_NOISE. */
const STEP_CAP = 30;
const STEP_NOISE = 4;

/**
 * Second-stage score for a shortlist. Each visible side's edge support is
 * weighted by the colour step across it; a side on the frame border (page
 * running off the frame) scores by how much the strip inside it differs from
 * the background seen outside the visible sides. The sides' score and the other
 * cues (polarity, paper, corners, area, frame border, format) are weighed by the
 * fitted ranking model (rank-model.ts). Returns the list, best first.
 */
export function rerank(cands: Candidate[], planes: Planes, edges: EdgeMap): Candidate[] {
  const frame = regionStats(planes, null);
  for (const c of cands) {
    const cols = sideColours(planes, c.corners);
    const background = averageColour(cols.flatMap((s) => (s.outside ? [s.outside] : [])));
    const visible = cols.map((s, k) => !c.sides[k].border && s.outside !== null);
    const offFrame = visible.filter((v) => !v).length;
    const sides = cols.map((s, k) => {
      const out = s.outside ?? background;
      const step = colourDistance(s.inside, out);
      const f = step / (step + HALF_CONTRAST);
      const score = c.sides[k].border || !s.outside
        ? BORDER_CAP * f * pageLike(s.inside, cols.filter((o, j) => j !== k && o.outside).map((o) => o.inside), step)
        : c.support[k] * (0.3 + 0.7 * f);
      return { score, step, dl: s.inside[0] - out[0] };
    });
    c.support = sides.map((s) => s.score);
    c.steps = sides.map((s) => s.step);
    c.outsides = cols.map((s) => s.outside);
    const [agree, lighter] = polarity(sides.map((s) => s.dl));
    c.rank = {
      sides: sidesCue(c.support),
      visibleSides: sidesCue(c.support.filter((_, k) => visible[k])),
      agree: Math.log(0.5 + 0.5 * agree),
      lighter: Math.log(0.75 + 0.25 * lighter),
      ...paperCues(c.corners, planes, edges, frame),
      continuation: cornerContinuation(c),
      ...sizeCues(c.areaFrac),
      offFrame,
      format: offFrame ? 0 : formatMiss(realAspect(c.corners as Quad, planes.width, planes.height)),
      ...pageEdgeCues(c, visible),
    };
    c.score = offFrame > 2 ? 0 : rankScore(c.rank);
  }
  return cands.sort((a, b) => b.score - a.score);
}

// log(0.6 × mean + 0.4 × weakest) of side scores; very low when there are none.
function sidesCue(scores: number[]): number {
  if (!scores.length) return Math.log(1e-9);
  const mean = scores.reduce((a, v) => a + v, 0) / scores.length;
  return Math.log(Math.max(1e-9, 0.6 * mean + 0.4 * Math.min(...scores)));
}

// A side on the frame border must cut through the page: the strip inside it
// should be nearer in colour to the inside of some visible side (nearest, so
// an ID card's coloured band still matches) than to the background.
function pageLike(strip: number[], insides: number[][], toBackground: number): number {
  let best = Infinity;
  for (const c of insides) best = Math.min(best, colourDistance(strip, c));
  return insides.length ? Math.max(0, 1 - best / Math.max(1, toBackground)) : 0;
}

// From the luminance steps (inside - outside) of the sides: how consistently
// they share one sign (a page is lighter, or darker, than the desk all round;
// a page edge paired with a shadow edge is not), and the share lighter inside
// (paper is usually lighter than the desk: a mild prior only).
function polarity(dl: number[]): [number, number] {
  // Steps are capped so one high-contrast side cannot outvote the rest, and
  // steps within noise (a green band on brown wood) count as neither sign.
  let sum = 0, abs = 0, lighter = 0;
  for (const d of dl) {
    const c = Math.max(-STEP_CAP, Math.min(STEP_CAP, d));
    const signed = Math.abs(c) < STEP_NOISE ? 0 : c;
    sum += signed; abs += Math.abs(c);
    if (d > 0) lighter++;
  }
  return [abs > 0 ? Math.abs(sum) / abs : 0, lighter / dl.length];
}

function averageColour(cs: number[][]): number[] {
  const m = [0, 0, 0];
  for (const c of cs) for (let i = 0; i < 3; i++) m[i] += c[i] / Math.max(1, cs.length);
  return m;
}

/** A quad holding another grows by at least this share of its area to be a different outline: smaller steps are a lifted page's own shadow, not content. */
export const MIN_GROWTH = 1.04;

/**
 * Page content (a card's coloured band, a footer rule, a table) is enclosed by
 * the page, so a quad that contains the best one and differs from it in one
 * side only is taken when it scores at least `oneSide` of the best and its new
 * side looks like a page edge (support, colour step, background beyond it);
 * one differing in two sides also needs `twoSides` and no side off the frame.
 */
export function preferEnclosing(sorted: Candidate[], oneSide = 0.3, twoSides = 0.5): Candidate | null {
  let best = sorted[0] ?? null;
  if (!best) return null;
  for (const c of sorted.slice(1)) {
    if (c.score < oneSide * sorted[0].score) break;
    const shared = c.sides.filter((s) => best!.sides.includes(s)).length;
    // The new side must be a real border too (not a wood-grain or desk line):
    // supported as well as the best's weakest side, with a colour step like the
    // page's other sides.
    const added = [0, 1, 2, 3].filter((k) => !best!.sides.includes(c.sides[k]));
    const dropped = [0, 1, 2, 3].filter((k) => !c.sides.includes(best!.sides[k]));
    const keptSteps = [0, 1, 2, 3].filter((k) => !added.includes(k)).map((k) => c.steps[k]).sort((a, b) => a - b);
    const strong = Math.min(...added.map((k) => c.support[k])) >= 0.8 * Math.min(...best.support) &&
      Math.min(...added.map((k) => c.steps[k])) >= 0.3 * keptSteps[keptSteps.length >> 1] &&
      outsideIsBackground(best, c, dropped[0], added[0]);
    const eligible = strong &&
      (shared === 3 || (shared === 2 && c.borderSides === 0 && c.score >= twoSides * sorted[0].score));
    if (eligible && c.areaFrac > MIN_GROWTH * best.areaFrac && best.corners.every((p) => insideConvex(c.corners, p, 2))) best = c;
  }
  return best;
}

// Beyond a page's edge lies the same background all round. When the dropped
// side has something else beyond it (a card's band) and the new side has the
// background beyond it, the outer quad is the page; not when the new side
// has reached past the background to another object.
function outsideIsBackground(inner: Candidate, outer: Candidate, dropped: number, added: number): boolean {
  if (added === undefined || dropped === undefined) return false;
  const shared = inner.outsides.filter((o, k) => k !== dropped && o);
  const oldOut = inner.outsides[dropped], newOut = outer.outsides[added];
  if (!shared.length || !oldOut || !newOut) return false;
  const bg = [0, 1, 2].map((i) => shared.reduce((a, o) => a + o![i], 0) / shared.length);
  return colourDistance(newOut, bg) < colourDistance(oldOut, bg);
}

// The boundary model's mean P(page border) along the visible sides: their mean and the weakest.
function pageEdgeCues(c: Candidate, visible: boolean[]): { pageEdge: number; pageEdgeMin: number } {
  const ps: number[] = [];
  for (let k = 0; k < 4; k++) {
    if (!visible[k]) continue;
    const s = c.sides[k];
    ps.push(segmentPageEdge(s, paramOf(s, c.corners[k]), paramOf(s, c.corners[(k + 1) % 4])));
  }
  if (!ps.length) return { pageEdge: 0, pageEdgeMin: 0 };
  return { pageEdge: ps.reduce((a, v) => a + v, 0) / ps.length, pageEdgeMin: Math.min(...ps) };
}
