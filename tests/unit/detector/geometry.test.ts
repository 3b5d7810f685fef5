import { describe, expect, it } from "vitest";
import { insideConvex, isConvex, orderCorners, signedArea2 } from "../../../scanner/detector/geometry";
import type { Point } from "../../../scanner/detector/index";
import { mulberry32 } from "./synthetic";

describe("orderCorners", () => {
  it("orders any permutation of a convex quad clockwise from the smallest x+y", () => {
    const rnd = mulberry32(11);
    for (let k = 0; k < 200; k++) {
      const cx = 100 + 400 * rnd(), cy = 100 + 300 * rnd(), rot = 2 * Math.PI * rnd();
      const pts: Point[] = [0, 1, 2, 3].map((i) => {
        const a = rot + (i + 0.3 * (rnd() - 0.5)) * (Math.PI / 2), r = 40 + 80 * rnd();
        return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
      });
      const shuffled = [...pts].sort(() => rnd() - 0.5);
      const q = orderCorners(shuffled);
      expect(signedArea2(q)).toBeGreaterThan(0); // clockwise on screen (y down)
      expect(isConvex(q)).toBe(true);
      const sums = q.map(([x, y]) => x + y);
      expect(sums[0]).toBe(Math.min(...sums));
      expect(orderCorners(pts)).toEqual(q);
    }
  });
});

describe("insideConvex", () => {
  const square: Point[] = [[0, 0], [10, 0], [10, 10], [0, 10]];

  it("takes points inside, and within the tolerance of a side, in either winding", () => {
    for (const poly of [square, [...square].reverse()]) {
      expect(insideConvex(poly, [5, 5], 0)).toBe(true);
      expect(insideConvex(poly, [11.5, 5], 2)).toBe(true);
      expect(insideConvex(poly, [13, 5], 2)).toBe(false);
      expect(insideConvex(poly, [-3, -3], 2)).toBe(false);
    }
  });
});
