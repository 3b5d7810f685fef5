import { describe, expect, it } from "vitest";
import { StabilityTracker, sharpness, type Detection, type Quad } from "../../../scanner/detector/index";
import { placedPage, renderScene } from "./synthetic";

const still: Quad = [[100, 100], [300, 110], [290, 400], [90, 390]];
const at = (q: Quad, dx: number, conf = 0.9): Detection => ({ corners: q.map(([x, y]) => [x + dx, y]) as Quad, confidence: conf });

describe("StabilityTracker", () => {
  it("becomes stable after the hold time of a still page, with progress rising", () => {
    const t = new StabilityTracker({ holdMs: 500 });
    let last = t.push(at(still, 0), 0);
    expect(last.stable).toBe(false);
    for (let ms = 33; ms <= 600; ms += 33) {
      const s = t.push(at(still, Math.sin(ms) * 0.5), ms); // sub-pixel jitter
      expect(s.progress).toBeGreaterThanOrEqual(last.progress);
      last = s;
    }
    expect(last.stable).toBe(true);
    expect(last.progress).toBe(1);
  });

  it("restarts the hold when the page moves and smooths corners toward it", () => {
    const t = new StabilityTracker({ holdMs: 300, smoothing: 0.5 });
    for (let ms = 0; ms <= 400; ms += 40) t.push(at(still, 0), ms);
    const moved = t.push(at(still, 12), 440);
    expect(moved.progress).toBe(0);
    expect(moved.corners![0][0]).toBeGreaterThan(100);
    expect(moved.corners![0][0]).toBeLessThan(112);
  });

  it("matches corners when the corner order rotates between frames", () => {
    const t = new StabilityTracker({ holdMs: 100 });
    t.push(at(still, 0), 0);
    const rotated = { corners: [still[1], still[2], still[3], still[0]] as Quad, confidence: 0.9 };
    const s = t.push(rotated, 150);
    expect(s.corners![0]).toEqual(still[0]);
    expect(s.stable).toBe(true);
  });

  it("tolerates a few missed frames, then drops the track; low confidence never captures", () => {
    const t = new StabilityTracker({ holdMs: 100, maxMissed: 2 });
    t.push(at(still, 0), 0);
    expect(t.push(null, 30).corners).not.toBeNull();
    expect(t.push(null, 60).corners).not.toBeNull();
    expect(t.push(null, 90).corners).toBeNull();
    const weak = new StabilityTracker({ holdMs: 100 });
    for (let ms = 0; ms <= 500; ms += 50) expect(weak.push(at(still, 0, 0.2), ms).stable).toBe(false);
  });
});

describe("sharpness", () => {
  it("is higher for a crisp frame than for a blurred copy", () => {
    const f = renderScene({ width: 160, height: 120, corners: placedPage(80, 60, 70, 90, 10), background: "wood" });
    const blurred = { ...f, data: boxBlur(f.data, f.width, f.height) };
    expect(sharpness(f)).toBeGreaterThan(2 * sharpness(blurred));
  });
});

function boxBlur(d: Uint8ClampedArray | Uint8Array, w: number, h: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(d.length);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 4; c++) {
    let s = 0, n = 0;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
      const xx = Math.min(w - 1, Math.max(0, x + dx)), yy = Math.min(h - 1, Math.max(0, y + dy));
      s += d[(yy * w + xx) * 4 + c]; n++;
    }
    out[(y * w + x) * 4 + c] = s / n;
  }
  return out;
}
