import { describe, expect, it } from "vitest";
import { AutoCapture, guidanceFor, quadArea } from "@/scanner/capture/guidance";
import type { LiveDetection, NormQuad } from "@/scanner/worker/protocol";

const big: NormQuad = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
const small: NormQuad = [[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6]];
const det = (o: Partial<LiveDetection> = {}): LiveDetection => ({
  corners: big, confidence: 0.9, stable: true, progress: 1, sharpness: 100, luma: 150, ms: 5, ...o,
});

describe("guidanceFor", () => {
  it("asks for light, distance or stillness in that order", () => {
    expect(guidanceFor(null)).toBe("guideFind");
    expect(guidanceFor(det({ luma: 20 }))).toBe("guideDark");
    expect(guidanceFor(det({ corners: null }))).toBe("guideFind");
    expect(guidanceFor(det({ corners: small }))).toBe("guideCloser");
    expect(guidanceFor(det())).toBe("guideHold");
  });

  it("measures quad area as a share of the frame", () => {
    expect(quadArea(big)).toBeCloseTo(0.64);
    expect(quadArea(small)).toBeCloseTo(0.04);
  });
});

describe("AutoCapture", () => {
  it("fires for a stable, large, sharp page, then not again until the page moves", () => {
    const a = new AutoCapture();
    expect(a.update(det(), 800)).toBe(true);
    expect(a.update(det(), 4000)).toBe(false); // same page, still there
    expect(a.update(det({ stable: false, progress: 0 }), 4100)).toBe(false); // moved: re-armed
    expect(a.update(det(), 5000)).toBe(true);
  });

  it("does not fire while unstable, small, dark, blurry, in the cooldown, or after a manual capture", () => {
    const a = new AutoCapture();
    expect(a.update(det({ stable: false }), 0)).toBe(false);
    expect(a.update(det({ corners: small }), 0)).toBe(false);
    expect(a.update(det({ luma: 10 }), 0)).toBe(false);
    expect(a.update(det({ sharpness: 5 }), 0)).toBe(false);
    // much blurrier than the best frame seen so far
    expect(a.update(det({ sharpness: 30 }), 0)).toBe(false);
    a.disarm(10_000);
    expect(a.update(det({ corners: null, progress: 0 }), 10_100)).toBe(false); // page left: re-armed
    expect(a.update(det(), 11_000)).toBe(false); // cooldown
    expect(a.update(det(), 13_000)).toBe(true);
  });
});
