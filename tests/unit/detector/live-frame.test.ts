// The bench's "ms per live frame" times the worker's own live tick on the frame the scanner
// sends it; these check that what it times is that tick, on that frame.
import { describe, expect, it } from "vitest";
import { shrinkToLongSide } from "../../../bench/detector/live-frame";
import { detect, StabilityTracker, type Frame } from "../../../scanner/detector/index";
import { denormalise, normalise } from "../../../scanner/page/straighten";
import { analyseLiveFrame } from "../../../scanner/page/image-ops";
import { placedPage, renderScene, worstCornerError } from "./synthetic";

const rgba = (width: number, height: number, px: number[][]): Frame =>
  ({ width, height, data: new Uint8ClampedArray(px.flat()) });

describe("shrinkToLongSide (the live frame)", () => {
  it("samples between the source pixels (a 2x shrink averages each 2x2 block)", () => {
    const f = rgba(4, 2, [
      [0, 0, 0, 255], [40, 8, 4, 255], [100, 100, 100, 255], [200, 0, 0, 255],
      [20, 4, 0, 255], [60, 12, 8, 255], [100, 100, 100, 255], [0, 200, 0, 255],
    ]);
    const s = shrinkToLongSide(f, 2);
    expect([s.width, s.height]).toEqual([2, 1]);
    expect(Array.from(s.data)).toEqual([30, 6, 3, 255, 100, 100, 50, 255]);
  });

  it("never enlarges a frame already under the size", () => {
    const f = rgba(2, 1, [[1, 2, 3, 4], [5, 6, 7, 8]]);
    const s = shrinkToLongSide(f, 360);
    expect([s.width, s.height]).toEqual([2, 1]);
    expect(Array.from(s.data)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("analyseLiveFrame (the worker's live tick)", () => {
  it("finds the page on a 360 px live frame, in fractions of the frame", () => {
    const truth = placedPage(320, 180, 200, 280, 8, 0.1);
    const full = renderScene({ width: 640, height: 360, corners: truth, background: "wood" });
    const live = shrinkToLongSide(full, 360);
    const tick = analyseLiveFrame(live, new StabilityTracker(), 0);
    expect(tick.corners).not.toBeNull();
    expect(tick.corners!.flat().every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(worstCornerError(denormalise(tick.corners!, full), truth)).toBeLessThan(3);
    expect(tick.confidence).toBeGreaterThan(0.5);
    expect(tick.sharpness).toBeGreaterThan(0);
    expect(tick.luma).toBeGreaterThan(0);
  });

  it("takes the detector's first look only: the extra looks that rescue an unsure answer are the still's", () => {
    // A small, steeply tilted page on a busy background: the first look is unsure and wrong.
    const truth = placedPage(320, 180, 90, 120, 20, 0.4);
    const full = renderScene({ width: 640, height: 360, corners: truth, background: "noise" });
    const live = shrinkToLongSide(full, 360);
    const once = detect(live, { secondLook: false })!, thorough = detect(live)!;
    expect(once.confidence).toBeLessThan(0.5);
    expect(worstCornerError(denormalise(normalise(thorough.corners, live), full), truth)).toBeLessThan(4);
    const tick = analyseLiveFrame(live, new StabilityTracker(), 0);
    expect(tick.confidence).toBe(once.confidence);
    expect(tick.corners).toEqual(normalise(once.corners, live));
  });
});
