import { describe, expect, it } from "vitest";
import { aboveThreshold, chooseThreshold, confidenceBands } from "../../../bench/detector/confidence-bands";

// Confidence 0.00 … 0.99; the frames below 0.5 are wrong half the time, the rest right.
const rows = Array.from({ length: 100 }, (_, i) => ({ confidence: i / 100, iou: i < 50 && i % 2 ? 0.4 : 0.95 }));

describe("confidence bands", () => {
  it("gives mean IoU and ok90 per band", () => {
    const b = confidenceBands(rows, [0, 0.5, 1.0001]);
    expect(b.map((x) => x.n)).toEqual([50, 50]);
    expect(b[0].ok90).toBeCloseTo(0.5);
    expect(b[1].meanIou).toBeCloseTo(0.95);
  });

  it("chooses the lowest threshold above which the target share holds at every level", () => {
    const t = chooseThreshold(rows, 0.97)!;
    expect(aboveThreshold(rows, t).ok90).toBeGreaterThanOrEqual(0.97);
    expect(t).toBeGreaterThan(0.4);
    expect(t).toBeLessThanOrEqual(0.5);
  });

  it("returns null when no threshold reaches the target", () => {
    expect(chooseThreshold(rows.map((r) => ({ ...r, iou: 0.5 })), 0.97)).toBeNull();
  });
});
