import { describe, expect, it } from "vitest";
import { captureWarnings, measurePage, unevenness } from "@/scanner/image/measure";
import type { Frame } from "@/scanner/detector";
import { copyFrame, renderPage } from "./synthetic-page";

const SPEC = { width: 400, height: 520 };

/** Separable Gaussian blur of the RGB channels (edges repeated). */
function gaussian(f: Frame, sigma: number): Frame {
  const r = Math.ceil(3 * sigma), k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0), { width: w, height: h } = f;
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) {
      let acc = 0;
      for (let i = -r; i <= r; i++) {
        const xx = horizontal ? Math.min(w - 1, Math.max(0, x + i)) : x, yy = horizontal ? y : Math.min(h - 1, Math.max(0, y + i));
        acc += k[i + r] * src[(yy * w + xx) * 4 + c];
      }
      out[(y * w + x) * 4 + c] = acc / sum;
    }
    return out;
  };
  const out = pass(pass(Float32Array.from(f.data), true), false);
  const data = new Uint8ClampedArray(f.data.length);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : out[i];
  return { data, width: w, height: h };
}

describe("measurePage", () => {
  const crisp = renderPage(SPEC);

  it("scores a crisp page high and the same page blurred low", () => {
    const s0 = measurePage(crisp).sharpness, s1 = measurePage(gaussian(crisp, 1)).sharpness;
    const s3 = measurePage(gaussian(crisp, 3)).sharpness;
    expect(s0).toBeGreaterThanOrEqual(0.5);
    expect(s1).toBeGreaterThanOrEqual(0.5);
    expect(s3).toBeLessThanOrEqual(0.15);
    expect(captureWarnings(measurePage(gaussian(crisp, 3)))).toContain("blurry");
  });

  it("finds nothing to prompt about on a well-lit crisp page", () => {
    const m = measurePage(crisp);
    expect(m.glare).toBe(0);
    expect(m.brightness).toBeGreaterThan(0.8);
    expect(captureWarnings(m)).toEqual([]);
  });

  it("flags a dark page", () => {
    const m = measurePage(renderPage({ ...SPEC, light: [0.2, 0.25] }));
    expect(m.brightness).toBeLessThan(0.25);
    expect(captureWarnings(m)).toContain("dark");
  });

  it("flags a blown-out blob, not white paper", () => {
    const bright = renderPage({ ...SPEC, light: [1.05, 1.05] }); // paper at ~241, text intact
    expect(measurePage(bright).glare).toBeLessThan(0.05);
    const glared = copyFrame(crisp);
    const { width: w, height: h } = glared;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      if (((x - 200) / 110) ** 2 + ((y - 200) / 80) ** 2 < 1) glared.data.fill(255, (y * w + x) * 4, (y * w + x) * 4 + 3);
    }
    const m = measurePage(glared);
    expect(m.glare).toBeGreaterThan(0.1);
    expect(captureWarnings(m)).toContain("glare");
  });

  it("does not call paper that is clipped everywhere glare", () => {
    const overexposed = renderPage({ ...SPEC, light: [1.4, 1.4] }); // paper clipped at 255, ink still dark
    expect(measurePage(overexposed).glare).toBe(0);
  });
});

describe("unevenness", () => {
  it("is near 0 for even light and large for a gradient", () => {
    expect(unevenness(renderPage(SPEC))).toBeLessThan(0.05);
    expect(unevenness(renderPage({ ...SPEC, light: [0.5, 1] }))).toBeGreaterThan(0.4);
  });
});
