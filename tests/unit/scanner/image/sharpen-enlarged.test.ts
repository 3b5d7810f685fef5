import { describe, expect, it } from "vitest";
import { sharpenEnlarged } from "@/scanner/image/sharpen-enlarged";
import { LOW_RES } from "@/scanner/image";
import type { Frame } from "@/scanner/detector";

/** A page whose every row is the same, a colour per column. */
function page(w: number, h: number, value: (x: number) => [number, number, number]): Frame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([...value(x), 255], (y * w + x) * 4);
  return { data, width: w, height: h };
}
const row = (f: Frame, c = 0) => Array.from({ length: f.width }, (_, x) => f.data[((f.height >> 1) * f.width + x) * 4 + c]);
/** A 2-px stroke (ink 30 on paper 240) under a Gaussian blur of σ 1.4: the enlarged page of a 720p camera. */
function blurredStroke(x: number): [number, number, number] {
  let v = 0, sum = 0;
  for (let t = -6; t <= 6; t++) {
    const g = Math.exp(-(t * t) / (2 * 1.4 * 1.4));
    sum += g;
    v += g * (x + t === 15 || x + t === 16 ? 30 : 240);
  }
  return [v / sum, v / sum, v / sum];
}
const { sigma, amount } = LOW_RES.enlargedSharpen;

describe("sharpenEnlarged", () => {
  it("leaves a flat page flat", () => {
    const f = page(20, 12, () => [250, 250, 250]);
    sharpenEnlarged(f, sigma, amount);
    expect(new Set(row(f))).toEqual(new Set([250]));
  });

  it("pulls a blurred stroke's ink back in: a darker core and a steeper edge, the paper beyond untouched", () => {
    const f = page(32, 16, blurredStroke), before = row(f);
    sharpenEnlarged(f, sigma, amount);
    const after = row(f);
    expect(Math.min(...after)).toBeLessThan(Math.min(...before) - 20);
    expect(after[14] - after[13]).toBeLessThan(before[14] - before[13] - 10);
    expect(after[2]).toBe(before[2]);
    expect(after[29]).toBe(before[29]);
  });

  it("changes the luma only: a coloured stroke keeps its channel differences", () => {
    const f = page(32, 16, (x) => { const [g] = blurredStroke(x); return [g, g - 10 * (1 - g / 240), g - 20 * (1 - g / 240)]; });
    const before = [row(f, 0), row(f, 2)];
    sharpenEnlarged(f, sigma, amount);
    const [r, b] = [row(f, 0), row(f, 2)];
    for (const x of [12, 13]) expect(r[x] - b[x]).toBeCloseTo(before[0][x] - before[1][x], 0);
  });
});
