import { describe, expect, it } from "vitest";
import { detect, type Frame, type Quad } from "../../../scanner/detector/index";
import { cropPage, denormalise, normalise } from "../../../scanner/page/straighten";
import { renderScene } from "./synthetic";

// Page white is ~233 in luminance and the dark desk ~56. An edge row or column
// of the crop is background when its mean is less than half way to white; a
// perfectly placed crop scores 75–100 % there (the page's edge pixels are mixed).
const PAGE = 233, DESK = 56, MIN_SHARE = 0.5;

function lum(f: Frame, x: number, y: number): number {
  const i = (y * f.width + x) * 4;
  return 0.299 * f.data[i] + 0.587 * f.data[i + 1] + 0.114 * f.data[i + 2];
}

/** Mean luminance of the outermost row or column on each side, as a share of desk → page. */
function edgeShares(f: Frame): Record<"top" | "bottom" | "left" | "right", number> {
  const share = (xs: number[][]) => (xs.reduce((s, [x, y]) => s + lum(f, x, y), 0) / xs.length - DESK) / (PAGE - DESK);
  const row = (y: number) => Array.from({ length: f.width }, (_, x) => [x, y]);
  const col = (x: number) => Array.from({ length: f.height }, (_, y) => [x, y]);
  return { top: share(row(0)), bottom: share(row(f.height - 1)), left: share(col(0)), right: share(col(f.width - 1)) };
}

/** Half size by 2×2 box averaging: a camera's own downscale of the same scene. */
function half(f: Frame): Frame {
  const w = f.width >> 1, h = f.height >> 1, out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 4; c++) {
    const at = (dx: number, dy: number) => f.data[((2 * y + dy) * f.width + 2 * x + dx) * 4 + c];
    out[(y * w + x) * 4 + c] = (at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4;
  }
  return { data: out, width: w, height: h };
}

// Corners at fractional positions, in the convention pixel i covers [i, i+1).
const SCENES: { name: string; width: number; height: number; corners: Quad }[] = [
  { name: "landscape frame, turned page", width: 960, height: 540, corners: [[300.3, 60.7], [640.6, 80.2], [610.8, 500.4], [270.2, 470.9]] },
  { name: "portrait frame, upright page", width: 540, height: 960, corners: [[80.5, 150.5], [460.5, 150.5], [460.5, 690.5], [80.5, 690.5]] },
  { name: "narrow receipt", width: 540, height: 960, corners: [[200.7, 100.2], [330.1, 104.6], [326.4, 860.3], [197.2, 857.8]] },
];

describe("crop from detection to page", () => {
  for (const s of SCENES) {
    it(`${s.name}: no background row or column on any edge`, () => {
      const full = renderScene({ width: s.width, height: s.height, corners: s.corners, background: "dark" });
      // The scanner finds the still's corners on a smaller copy, then crops the full frame.
      const small = half(full);
      const d = detect(small);
      expect(d).not.toBeNull();
      const found = denormalise(normalise(d!.corners, small), full);
      found.forEach(([x, y], i) => {
        expect(Math.abs(x - s.corners[i][0])).toBeLessThan(0.5);
        expect(Math.abs(y - s.corners[i][1])).toBeLessThan(0.5);
      });
      const page = cropPage(full, normalise(d!.corners, small));
      for (const [side, v] of Object.entries(edgeShares(page))) expect(v, side).toBeGreaterThan(MIN_SHARE);
    });
  }

  it("the true corners crop cleanly too (the warp's own convention)", () => {
    const s = SCENES[0];
    const full = renderScene({ width: s.width, height: s.height, corners: s.corners, background: "dark" });
    const page = cropPage(full, normalise(s.corners, full));
    for (const [side, v] of Object.entries(edgeShares(page))) expect(v, side).toBeGreaterThan(0.8);
  });
});
