import type { Planes } from "./downscale";
import type { Candidate } from "./quad-search";
import { colourDistance, sideColours } from "./region-cues";

/** Colour step (0..255 scale) at which a side counts as half-contrasted. */
const HALF_CONTRAST = 6;
/** Most a side on the frame border can score: it has no edge to show. */
const BORDER_CAP = 0.7;

/**
 * Second-stage score for a shortlist. Each visible side's edge support is
 * weighted by the colour step across it; a side on the frame border (page
 * running off the frame) scores by how much the strip inside it differs from
 * the background seen outside the visible sides. A soft prior prefers quads
 * lighter inside than outside (paper on a desk). Returns the list, best first.
 */
export function rerank(cands: Candidate[], planes: Planes): Candidate[] {
  for (const c of cands) {
    const cols = sideColours(planes, c.corners);
    const background = averageColour(cols.flatMap((s) => (s.outside ? [s.outside] : [])));
    const sides = cols.map((s, k) => {
      const out = s.outside ?? background;
      const step = colourDistance(s.inside, out);
      const f = step / (step + HALF_CONTRAST);
      if (c.sides[k].border) return { score: BORDER_CAP * f, dl: s.inside[0] - out[0] };
      return { score: c.support[k] * (0.3 + 0.7 * f), dl: s.inside[0] - out[0] };
    });
    c.support = sides.map((s) => s.score);
    const mean = c.support.reduce((a, v) => a + v, 0) / 4;
    const lighter = lighterInside(sides.map((s) => s.dl));
    c.score = (0.6 * mean + 0.4 * Math.min(...c.support)) * (0.4 + 0.6 * lighter) * Math.pow(c.areaFrac, 0.2);
  }
  return cands.sort((a, b) => b.score - a.score);
}

// 1 when every side is lighter inside, 0 when every side is darker inside,
// weighting each side by its luminance step; a shadow edge paired with a page
// edge, or a desk region bounded by pages, lands in between or below.
function lighterInside(dl: number[]): number {
  let sum = 0, abs = 0;
  for (const d of dl) { sum += d; abs += Math.abs(d); }
  return abs > 0 ? 0.5 + (0.5 * sum) / abs : 0.5;
}

function averageColour(cs: number[][]): number[] {
  const m = [0, 0, 0];
  for (const c of cs) for (let i = 0; i < 3; i++) m[i] += c[i] / Math.max(1, cs.length);
  return m;
}


