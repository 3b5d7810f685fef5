import { describe, expect, it } from "vitest";
import { sizeCues } from "../../../scanner/detector/size-cues";
import { RANK_WEIGHTS } from "../../../scanner/detector/rank-model";

// The ranking model's size prior, in logits: what a quad's area alone adds to its score.
function sizePrior(areaFrac: number): number {
  const c = sizeCues(areaFrac);
  return RANK_WEIGHTS.area * c.area + RANK_WEIGHTS.largeArea * c.largeArea;
}

describe("sizeCues", () => {
  it("adds no squared term below 30 % of the frame", () => {
    for (const a of [0.05, 0.1, 0.2, 0.3]) expect(sizeCues(a).largeArea).toBe(0);
    expect(sizeCues(0.2).area).toBeCloseTo(Math.log(0.2), 12);
  });

  it("grows with the square of the log area above 30 %", () => {
    expect(sizeCues(0.6).largeArea).toBeCloseTo(Math.log(2) ** 2, 12);
    expect(sizeCues(0.9).largeArea).toBeGreaterThan(sizeCues(0.6).largeArea);
  });
});

describe("the fitted size prior", () => {
  it("peaks inside the frame and falls before a frame-filling quad", () => {
    expect(sizePrior(0.45)).toBeGreaterThan(sizePrior(0.2));
    expect(sizePrior(0.45)).toBeGreaterThan(sizePrior(1));
  });

  it("costs a page at 10 % of the frame no more than about 6 logits against one at 30 %", () => {
    // A squared log area, the earlier form of this cue, cost about 8.
    expect(sizePrior(0.3) - sizePrior(0.1)).toBeLessThan(6.5);
  });
});
