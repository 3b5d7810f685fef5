import { describe, expect, it } from "vitest";
import { upscale2x } from "@/scanner/image/upscale";
import type { Frame } from "@/scanner/detector";

function frame(w: number, h: number, value: (x: number, y: number) => number): Frame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = (y * w) * 4; x < w; x++, i += 4) {
      data.fill(value(x, y), i, i + 3);
      data[i + 3] = 255;
    }
  }
  return { data, width: w, height: h };
}
const at = (f: Frame, x: number, y: number, c = 0) => f.data[(y * f.width + x) * 4 + c];

describe("upscale2x", () => {
  it("doubles both sides and keeps a flat page flat and opaque", () => {
    const out = upscale2x(frame(7, 5, () => 200));
    expect([out.width, out.height]).toEqual([14, 10]);
    for (let i = 0; i < out.data.length; i += 4) expect([...out.data.subarray(i, i + 4)]).toEqual([200, 200, 200, 255]);
  });

  it("places each new pixel where it lies on the old grid (a ramp stays a ramp, a quarter pixel off each source pixel)", () => {
    const out = upscale2x(frame(16, 4, (x) => 40 + 10 * x));
    // output 2i is the source at i - 0.25, 2i+1 at i + 0.25: 40 + 10 (i ∓ 0.25)
    for (let i = 2; i < 14; i++) {
      expect(at(out, 2 * i, 3)).toBeCloseTo(40 + 10 * (i - 0.25), -0.5);
      expect(at(out, 2 * i + 1, 3)).toBeCloseTo(40 + 10 * (i + 0.25), -0.5);
    }
  });

  it("keeps a one-pixel stroke dark and narrow instead of spreading it like a blur", () => {
    const src = frame(9, 9, (x) => (x === 4 ? 20 : 240));
    const out = upscale2x(src), row = Array.from({ length: 18 }, (_, X) => at(out, X, 8));
    expect(Math.min(...row)).toBeLessThan(80); // the stroke's core stays ink
    expect(row.filter((v) => v < 200).length).toBeLessThanOrEqual(4); // two source pixels' worth
    expect(row[0]).toBe(240);
    expect(row[17]).toBe(240);
  });
});
