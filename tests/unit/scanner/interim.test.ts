import { describe, expect, it } from "vitest";
import { StabilityTracker, estimatePageSize, sharpness, warpPerspective } from "@/scanner/worker/interim";
import { projectA4, renderPagePhoto } from "../../e2e/support/synthetic-page";
import type { Quad } from "@/scanner/detector";

describe("estimatePageSize", () => {
  it("recovers A4's aspect from a steep perspective view", () => {
    for (const view of [
      { tiltX: 22, tiltY: -12, roll: 6, distance: 360, focal: 1000 },
      { tiltX: -30, tiltY: 5, roll: -20, distance: 420, focal: 800 },
    ]) {
      const q = projectA4(960, 1280, view) as Quad;
      const s = estimatePageSize(q, 960, 1280);
      expect(s.height / s.width).toBeCloseTo(297 / 210, 2);
    }
  });

  it("falls back to side lengths for a frontal rectangle", () => {
    const q: Quad = [[100, 100], [300, 100], [300, 500], [100, 500]];
    expect(estimatePageSize(q, 640, 640)).toEqual({ width: 200, height: 400 });
  });
});

describe("warpPerspective", () => {
  it("maps the quad onto the output so page marks land where they were printed", () => {
    const photo = renderPagePhoto(480, 640, projectA4(480, 640, { tiltX: 18, tiltY: 10, roll: -4, distance: 360, focal: 500 }));
    const out = warpPerspective(photo, photo.corners as Quad, 210, 297);
    const px = (u: number, v: number) => out.data[(Math.round(v * 297) * 210 + Math.round(u * 210)) * 4];
    expect(px(0.15, 0.1)).toBeLessThan(60); // top-left mark: black
    expect(px(0.5, 0.8)).toBeGreaterThan(200); // paper
    expect(px(0.85, 0.9)).toBeGreaterThan(200); // no mark bottom right
  });
});

describe("sharpness and stability", () => {
  it("scores a page sharper than a flat frame", () => {
    const photo = renderPagePhoto(240, 320);
    const flat = { data: new Uint8ClampedArray(240 * 320 * 4).fill(128), width: 240, height: 320 };
    expect(sharpness(photo)).toBeGreaterThan(sharpness(flat) + 10);
  });

  it("calls a quad stable after it holds still for the frame count, and resets on a miss", () => {
    const t = new StabilityTracker(3);
    const q: Quad = [[10, 10], [100, 10], [100, 150], [10, 150]];
    expect(t.push({ corners: q }, 0).stable).toBe(false);
    for (let i = 1; i < 3; i++) t.push({ corners: q }, i);
    expect(t.push({ corners: q }, 3)).toMatchObject({ stable: true, progress: 1 });
    expect(t.push(null, 4).stable).toBe(false);
    expect(t.push({ corners: q }, 5).progress).toBe(0);
  });
});
