import { describe, expect, it } from "vitest";
import { boxReduce, reduction, warpPerspective } from "@/scanner/detector/warp";
import type { Frame, Quad } from "@/scanner/detector";
import { pageDpi } from "@/scanner/page/straighten";

/** Vertical stripes, 1 px black then 2 px white: fine print far below the output's pixel. */
function stripes(w: number, h: number): Frame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.fill(x % 3 === 0 ? 0 : 255, (y * w + x) * 4, (y * w + x) * 4 + 3);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width: w, height: h };
}

function stats(f: Frame, margin: number): { mean: number; sd: number } {
  let s = 0, s2 = 0, n = 0;
  for (let y = margin; y < f.height - margin; y++) for (let x = margin; x < f.width - margin; x++) {
    const v = f.data[(y * f.width + x) * 4];
    s += v; s2 += v * v; n++;
  }
  return { mean: s / n, sd: Math.sqrt(s2 / n - (s / n) ** 2) };
}

describe("warpPerspective on a page much larger than the output", () => {
  const src = stripes(1200, 1200);
  const AREA_MEAN = (2 * 255) / 3;

  /** Exact area average of the stripes over output column u's footprint [u·s, (u+1)·s). */
  function areaReference(u: number, s: number): number {
    const a = u * s, b = (u + 1) * s;
    let acc = 0;
    for (let x = Math.floor(a); x < Math.ceil(b); x++) acc += (Math.min(b, x + 1) - Math.max(a, x)) * (x % 3 === 0 ? 0 : 255);
    return acc / s;
  }
  /** Plain bilinear at the output pixel centres (what the warp did before): aliases. */
  function bilinearOnly(u: number, s: number): number {
    const fx = (u + 0.5) * s - 0.5, x0 = Math.floor(fx), t = fx - x0;
    const v = (x: number) => (x % 3 === 0 ? 0 : 255);
    return v(x0) * (1 - t) + v(x0 + 1) * t;
  }

  it("averages a stripe pattern finer than the output's pixels instead of aliasing it", () => {
    // Period 3 px at 4.14 px per output pixel: above the output's Nyquist rate, so the right
    // answer is close to flat grey. An exact area average (the reference) leaves a small beat;
    // bilinear point sampling, what the warp did before, swings from stripe to stripe.
    const n = 290, s = 1200 / n;
    const out = warpPerspective(src, [[0, 0], [1200, 0], [1200, 1200], [0, 1200]], n, n);
    const dev = (f: (u: number) => number) => {
      let acc = 0;
      for (let u = 2; u < n - 2; u++) acc += (f(u) - AREA_MEAN) ** 2;
      return Math.sqrt(acc / (n - 4));
    };
    const got = dev((u) => out.data[(100 * n + u) * 4]), ref = dev((u) => areaReference(u, s)), naive = dev((u) => bilinearOnly(u, s));
    expect(naive).toBeGreaterThan(3 * ref);
    expect(got).toBeLessThan(1.5 * ref + 3);
    expect(Math.abs(stats(out, 2).mean - AREA_MEAN)).toBeLessThan(3);
  });

  it("keeps the stripes' mean and no moiré under perspective", () => {
    const quad: Quad = [[60, 40], [1150, 90], [1120, 1170], [30, 1120]];
    const { mean, sd } = stats(warpPerspective(src, quad, 300, 300), 3);
    expect(Math.abs(mean - AREA_MEAN)).toBeLessThan(5);
    expect(sd).toBeLessThan(30);
  });

  it("keeps plain bilinear sampling up to 1.5× (no blur at the page's own size)", () => {
    expect(reduction([[0, 0], [400, 0], [400, 600], [0, 600]], 300, 450)).toEqual([1, 1]);
    expect(reduction([[0, 0], [1200, 0], [1200, 1800], [0, 1800]], 300, 450)).toEqual([4, 4]);
    expect(reduction([[0, 0], [1200, 0], [1200, 600], [0, 600]], 300, 450)).toEqual([4, 1]);
  });

  it("a box-reduced frame maps corners by plain division (pixel i covers [i, i+1))", () => {
    const f = stripes(9, 3), r = boxReduce(f, 3, 3);
    expect(r.width).toBe(3);
    expect(r.data[0]).toBe(170);
  });
});

describe("pageDpi", () => {
  it("tells the delivered page's resolution at its paper size", () => {
    expect(pageDpi(1654, 2339)).toBe(200);
    expect(pageDpi(1240, 1754)).toBe(150);
    expect(pageDpi(1700, 2200)).toBe(200); // Letter at 200 dpi
    expect(pageDpi(600, 1400)).toBe(200); // a receipt: its own shape, 200 dpi by definition
  });
});
