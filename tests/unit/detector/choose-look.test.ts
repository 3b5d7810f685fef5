import { describe, expect, it } from "vitest";
import { chooseLook } from "../../../scanner/detector/choose-look";
import type { Quad } from "../../../scanner/detector/types";

const look = (corners: Quad, confidence: number) => ({ detection: { corners, confidence } });
const page: Quad = [[100, 100], [500, 100], [500, 400], [100, 400]];
const shifted = (q: Quad, d: number): Quad => q.map(([x, y]) => [x + d, y]) as Quad;
const diagonal = 800;

describe("chooseLook", () => {
  it("takes the most confident of two looks that agree over a surer one found once", () => {
    const a = look(page, 0.2), b = look(shifted(page, 5), 0.3), stray = look(shifted(page, 120), 0.6);
    expect(chooseLook([a, stray, b], diagonal)).toBe(b);
  });

  it("takes the most confident look when no two agree", () => {
    const a = look(page, 0.2), b = look(shifted(page, 60), 0.5), c = look(shifted(page, 120), 0.3);
    expect(chooseLook([a, b, c], diagonal)).toBe(b);
  });

  it("returns null for no looks and the one look for one", () => {
    expect(chooseLook([], diagonal)).toBeNull();
    const a = look(page, 0.1);
    expect(chooseLook([a], diagonal)).toBe(a);
  });
});
