import { describe, expect, it } from "vitest";
import { formatMiss } from "../../../scanner/detector/format-cues";
import { rankScore, RANK_WEIGHTS, type RankFeatures } from "../../../scanner/detector/rank-model";

describe("formatMiss", () => {
  it("is 0 for the common document shapes and for strips", () => {
    for (const aspect of [Math.SQRT2, 11 / 8.5, 14 / 8.5, 85.6 / 53.98, 3.5 / 2, 2.5, 4.2]) expect(formatMiss(aspect)).toBeCloseTo(0, 9);
  });

  it("grows with the distance in ln(aspect) to the nearest shape", () => {
    expect(formatMiss(1)).toBeCloseTo(Math.log(11 / 8.5), 9); // a square: Letter is nearest
    expect(formatMiss(2.1)).toBeCloseTo(Math.min(Math.log(2.1 / 1.75), Math.log(2.5 / 2.1)), 9);
    expect(formatMiss(1.1)).toBeLessThan(formatMiss(1));
  });
});

describe("rankScore", () => {
  const zero: RankFeatures = { sides: 0, visibleSides: 0, agree: 0, lighter: 0, bright: 0, printInside: 0, textureOutside: 0, continuation: 0, area: 0, largeArea: 0, offFrame: 0, format: 0, pageEdge: 0, pageEdgeMin: 0 };

  it("is exp of the weighted sum of the cues", () => {
    expect(rankScore(zero)).toBe(1);
    expect(rankScore({ ...zero, sides: 1, format: 0.5 })).toBeCloseTo(Math.exp(RANK_WEIGHTS.sides + 0.5 * RANK_WEIGHTS.format), 9);
  });

  it("prefers a quad of a common shape, with stronger sides, less edge continuing past its corners", () => {
    expect(rankScore({ ...zero, format: 0.2 })).toBeLessThan(rankScore(zero));
    expect(rankScore({ ...zero, sides: -0.5 })).toBeLessThan(rankScore(zero));
    expect(rankScore({ ...zero, continuation: 0.5 })).toBeLessThan(rankScore(zero));
  });
});
