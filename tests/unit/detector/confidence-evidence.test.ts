import { describe, expect, it } from "vitest";
import { heldBy } from "../../../scanner/detector/confidence";
import type { Candidate } from "../../../scanner/detector/quad-search";
import type { LineProfile } from "../../../scanner/detector/line-support";
import type { Point } from "../../../scanner/detector/types";

// Only what heldBy reads: a side's identity and whether it is the frame's border.
const side = (border = false) => ({ border }) as LineProfile;
function quad(corners: Point[], sides: LineProfile[], support = [0.9, 0.9, 0.9, 0.9]): Candidate {
  const [[x0, y0], , [x1, y1]] = corners;
  return { corners, sides, support, steps: [], outsides: [], borderSides: 0, areaFrac: ((x1 - x0) * (y1 - y0)) / (320 * 180), score: 1 };
}

describe("heldBy (confidence evidence: a band left out of the page)", () => {
  const top = side(), bottom = side(), left = side(), bandEdge = side(), pageEdge = side();
  // The chosen quad stops at a band's inner edge (x = 200); the page runs on to x = 240.
  const chosen = quad([[40, 20], [200, 20], [200, 160], [40, 160]], [top, bandEdge, bottom, left]);
  const page = (support: number, fourth = pageEdge) => quad([[40, 20], [240, 20], [240, 160], [40, 160]], [top, fourth, bottom, left], [0.9, support, 0.9, 0.9]);

  it("is the support of the fourth side of a larger quad sharing the other three", () => {
    expect(heldBy(chosen, [chosen, page(0.6)])).toBeCloseTo(0.6, 9);
    expect(heldBy(chosen, [page(0.3), chosen, page(0.7)])).toBeCloseTo(0.7, 9);
  });

  it("is 0 with no such quad: none larger, two sides shared, the fourth on the frame's border, or one not holding the chosen", () => {
    expect(heldBy(chosen, [chosen])).toBe(0);
    expect(heldBy(chosen, [chosen, quad([[40, 10], [240, 10], [240, 160], [40, 160]], [side(), pageEdge, bottom, left])])).toBe(0);
    expect(heldBy(chosen, [chosen, page(0.8, side(true))])).toBe(0);
    const beside = quad([[200, 20], [400, 20], [400, 160], [200, 160]], [top, side(), bottom, bandEdge]);
    expect(heldBy(chosen, [chosen, beside])).toBe(0);
  });

  it("ignores a quad barely larger than the chosen one (a lifted page's own shadow)", () => {
    const shadow = quad([[40, 20], [203, 20], [203, 160], [40, 160]], [top, pageEdge, bottom, left], [0.9, 0.9, 0.9, 0.9]);
    expect(heldBy(chosen, [chosen, shadow])).toBe(0);
  });
});
