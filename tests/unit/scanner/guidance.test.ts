import { describe, expect, it } from "vitest";
import { AUTO_CAPTURE_CONFIDENCE, AutoCapture, FOCUS_FLOOR, guidanceFor, quadArea, type LiveView } from "@/scanner/capture/guidance";
import { LEGIBLE_DPI } from "@/scanner/contract";
import type { NormQuad } from "@/scanner/worker/protocol";

const big: NormQuad = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
const shifted: NormQuad = [[0.25, 0.1], [0.95, 0.15], [0.9, 0.9], [0.2, 0.85]];
const small: NormQuad = [[0.4, 0.4], [0.6, 0.4], [0.6, 0.6], [0.4, 0.6]];
const det = (o: Partial<LiveView> = {}): LiveView => ({
  corners: big, confidence: 0.99, stable: true, progress: 1, sharpness: 100, focus: 0.9, luma: 150, ms: 5, page: { dpi: 150, fill: 0.8 }, ...o,
});
/** A page in the middle of the frame, below the legible resolution, with room to come closer. */
const far = { dpi: LEGIBLE_DPI - 1, fill: 0.6 };
/** The same resolution with the page filling the frame: the camera is the limit, not the distance. */
const cameraLimited = { dpi: 60, fill: 0.85 };

describe("guidanceFor", () => {
  it("asks for light, distance or stillness in that order", () => {
    expect(guidanceFor(null)).toBe("guideFind");
    expect(guidanceFor(det({ luma: 20 }))).toBe("guideDark");
    expect(guidanceFor(det({ corners: null }))).toBe("guideFind");
    expect(guidanceFor(det({ corners: small }))).toBe("guideCloser");
    expect(guidanceFor(det())).toBe("guideHold");
    expect(guidanceFor(det({ page: far }))).toBe("guideCloser");
    expect(guidanceFor(det({ page: cameraLimited }))).toBe("guideHold");
    expect(guidanceFor(det({ focus: FOCUS_FLOOR - 0.01 }))).toBe("guideBlurry");
    expect(guidanceFor(det({ focus: FOCUS_FLOOR }))).toBe("guideHold");
    expect(guidanceFor(det({ focus: 0.02, page: far }))).toBe("guideCloser"); // closer first: then focus is judged again
    expect(guidanceFor(det({ focus: 0.02, luma: 20 }))).toBe("guideDark");
  });

  it("after a capture says to show the next page, not to hold still; when unsure, asks for the shutter", () => {
    expect(guidanceFor(det(), "waiting")).toBe("guideNext");
    expect(guidanceFor(det({ corners: null }), "waiting")).toBe("guideFind");
    expect(guidanceFor(det(), "unsure")).toBe("guideManual");
    expect(guidanceFor(det(), "armed")).toBe("guideHold");
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
    expect(a.update(det({ stable: false, progress: 0 }), 4100)).toBe(false); // tracker restarted: same page
    expect(a.update(det(), 4200)).toBe(false);
    expect(a.update(det({ corners: shifted, stable: false, progress: 0 }), 4300)).toBe(false); // moved: re-armed
    expect(a.update(det(), 5000)).toBe(true);
  });

  it("does not fire while unstable, small, dark, blurry, in the cooldown, or after a manual capture", () => {
    const a = new AutoCapture();
    expect(a.update(det({ stable: false }), 0)).toBe(false);
    expect(a.update(det({ corners: small }), 0)).toBe(false);
    expect(a.update(det({ luma: 10 }), 0)).toBe(false);
    expect(a.update(det({ focus: FOCUS_FLOOR - 0.01 }), 0)).toBe(false); // out of focus
    expect(a.update(det({ focus: null }), 0)).toBe(false); // focus not measured yet
    expect(a.update(det({ page: far }), 0)).toBe(false); // below the legible resolution, could come closer
    // much blurrier than the best frame seen so far
    expect(a.update(det({ sharpness: 30 }), 0)).toBe(false);
    a.disarm(10_000);
    expect(a.update(det(), 10_050)).toBe(false); // the same page, still in view
    expect(a.update(det({ corners: null, progress: 0 }), 10_100)).toBe(false); // one missed frame is not leaving
    expect(a.update(det(), 10_150)).toBe(false);
    for (let t = 10_200; t < 10_400; t += 50) expect(a.update(det({ corners: null, progress: 0 }), t)).toBe(false); // page left: re-armed
    expect(a.update(det(), 11_000)).toBe(false); // cooldown
    expect(a.update(det(), 13_000)).toBe(true);
  });

  it("takes a page that fills the frame below the legible resolution: the camera is the limit (the editor prompts)", () => {
    expect(new AutoCapture().update(det({ page: cameraLimited }), 800)).toBe(true);
  });

  it("holds an out-of-focus page for as long as it stays out of focus, and takes it once sharp", () => {
    const a = new AutoCapture();
    for (let t = 0; t < 10_000; t += 100) expect(a.update(det({ focus: 0.05 }), t)).toBe(false);
    expect(a.update(det({ focus: 0.8 }), 10_000)).toBe(true);
  });

  it("waits for the page to move after it fires, and says so", () => {
    const a = new AutoCapture();
    expect(a.state).toBe("armed");
    expect(a.update(det(), 800)).toBe(true);
    expect(a.state).toBe("waiting");
    a.update(det({ stable: false, progress: 0 }), 4100);
    expect(a.state).toBe("waiting");
    a.update(det({ corners: shifted, stable: false, progress: 0 }), 4200);
    expect(a.state).toBe("armed");
  });

  it("never fires below the auto-capture confidence, and reports it is unsure", () => {
    const a = new AutoCapture();
    const low = det({ confidence: AUTO_CAPTURE_CONFIDENCE - 0.05 });
    for (let t = 0; t < 5000; t += 100) expect(a.update(low, t)).toBe(false);
    expect(a.state).toBe("unsure");
    for (let t = 5000; t < 6000; t += 100) a.update(det({ confidence: 0.99 }), t);
    expect(a.state).not.toBe("unsure");
  });
});
