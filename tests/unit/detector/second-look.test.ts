import { describe, expect, it } from "vitest";
import { detect } from "../../../scanner/detector/index";
import { coarserLookSize, secondLookSize } from "../../../scanner/detector/second-look";
import { placedPage, renderScene } from "./synthetic";

describe("secondLookSize", () => {
  const hd = { width: 1920, height: 1080 };

  it("looks again at 1.5 × the working size when the answer is unsure or missing", () => {
    expect(secondLookSize(0.1, 320, hd)).toBe(480);
    expect(secondLookSize(0, 320, hd)).toBe(480);
    expect(secondLookSize(0.45, 320, hd)).toBe(480);
  });

  it("does not look again when the answer is sure enough", () => {
    expect(secondLookSize(0.5, 320, hd)).toBeNull();
    expect(secondLookSize(0.95, 320, hd)).toBeNull();
  });

  it("looks at no more pixels than the frame has, and not at all when the first look already had them all", () => {
    expect(secondLookSize(0.1, 320, { width: 400, height: 300 })).toBe(400);
    expect(secondLookSize(0.1, 320, { width: 320, height: 240 })).toBeNull();
  });
});

describe("coarserLookSize", () => {
  it("shrinks the working size by the factor the second look enlarges it", () => {
    expect(coarserLookSize(320)).toBe(213);
  });
});

describe("detect's second look", () => {
  it("leaves a confident answer as it was", () => {
    const frame = renderScene({ width: 640, height: 480, corners: placedPage(320, 240, 240, 340, 10), background: "dark", seed: 2 });
    const once = detect(frame, { secondLook: false })!;
    expect(once.confidence).toBeGreaterThanOrEqual(0.5);
    expect(detect(frame)).toEqual(once);
  });
});
