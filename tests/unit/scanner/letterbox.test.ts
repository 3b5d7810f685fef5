import { describe, expect, it } from "vitest";
import { containRect, fromStage, toStage } from "../../../scanner/ui/letterbox";

// Camera frames and editor stages (the space left on a phone screen for the still).
const FRAMES = { landscape: [1920, 1080], portrait: [1080, 1920], square: [1000, 1000] } as const;
const SCREENS = { portrait: [390, 560], landscape: [844, 250], square: [500, 500] } as const;
const QUAD: [number, number][] = [[0.1, 0.2], [0.9, 0.15], [0.95, 0.85], [0.05, 0.9]];

describe("editor letterbox", () => {
  for (const [fname, [fw, fh]] of Object.entries(FRAMES)) {
    for (const [sname, [sw, sh]] of Object.entries(SCREENS)) {
      describe(`${fname} frame on a ${sname} screen`, () => {
        const r = containRect(sw, sh, fw, fh);

        it("keeps the frame's aspect ratio, fits, fills one axis and centres the bars", () => {
          expect(r.width / r.height).toBeCloseTo(fw / fh, 6);
          expect(r.width).toBeLessThanOrEqual(sw + 1e-9);
          expect(r.height).toBeLessThanOrEqual(sh + 1e-9);
          expect(Math.max(r.width / sw, r.height / sh)).toBeCloseTo(1, 9);
          expect(r.x).toBeCloseTo(sw - r.x - r.width, 9);
          expect(r.y).toBeCloseTo(sh - r.y - r.height, 9);
        });

        it("puts the handles on the same pixels as the image and back", () => {
          for (const p of QUAD) {
            const s = toStage(r, p);
            // the image pixel under the handle is the corner's own pixel
            expect((s[0] - r.x) / r.width * fw).toBeCloseTo(p[0] * fw, 6);
            expect((s[1] - r.y) / r.height * fh).toBeCloseTo(p[1] * fh, 6);
            const back = fromStage(r, s);
            expect(back[0]).toBeCloseTo(p[0], 9);
            expect(back[1]).toBeCloseTo(p[1], 9);
          }
          expect(toStage(r, [0, 0])).toEqual([r.x, r.y]);
          expect(toStage(r, [1, 1])[0]).toBeCloseTo(r.x + r.width, 9);
        });

        it("clamps a drag into the bars to the image's edge", () => {
          expect(fromStage(r, [-50, -50])).toEqual([0, 0]);
          expect(fromStage(r, [sw + 50, sh + 50])).toEqual([1, 1]);
        });
      });
    }
  }

  it("a landscape frame on a portrait phone is not stretched (stretched about 3x before the letterbox)", () => {
    const r = containRect(390, 560, 1920, 1080);
    expect(r.width).toBe(390);
    expect(r.height).toBeCloseTo(390 * 1080 / 1920, 9);
    expect(r.y).toBeCloseTo((560 - r.height) / 2, 9);
  });

  it("keeps an inset from every edge of the stage, still centred and undistorted", () => {
    for (const [fw, fh] of Object.values(FRAMES)) for (const [sw, sh] of Object.values(SCREENS)) {
      const r = containRect(sw, sh, fw, fh, 22);
      expect(r.width / r.height).toBeCloseTo(fw / fh, 6);
      expect(Math.min(r.x, r.y, sw - r.x - r.width, sh - r.y - r.height)).toBeGreaterThanOrEqual(22 - 1e-9);
    }
  });

  it("an unmeasured stage or image gives an empty fit, not NaN", () => {
    expect(containRect(0, 0, 1920, 1080)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(fromStage(containRect(0, 0, 0, 0), [10, 10])).toEqual([0, 0]);
  });
});
