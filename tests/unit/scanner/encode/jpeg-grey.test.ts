import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { encodeGreyJpeg, quantTable } from "@/scanner/encode/jpeg-grey";

/** A page-like grey plane: a gradient with dark strokes, odd size so edge blocks are partial. */
function plane(width: number, height: number): Uint8Array {
  const g = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stroke = y % 23 < 4 && x % 17 < 11;
      g[y * width + x] = stroke ? 20 : 180 + Math.round((60 * x) / width);
    }
  }
  return g;
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / a.length));
}

describe("encodeGreyJpeg", () => {
  it("writes a one-component baseline JPEG that decodes to the picture", () => {
    const w = 203, h = 150, src = plane(w, h);
    const bytes = encodeGreyJpeg(src, w, h, 90);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = bytes.findIndex((v, i) => v === 0xff && bytes[i + 1] === 0xc0);
    expect(bytes[sof + 9]).toBe(1); // one component
    const out = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    expect([out.width, out.height]).toEqual([w, h]);
    const grey = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) {
      expect(out.data[i * 4]).toBe(out.data[i * 4 + 1]);
      grey[i] = out.data[i * 4];
    }
    expect(psnr(src, grey)).toBeGreaterThan(34);
  });

  it("trades size for fidelity with quality", () => {
    const w = 320, h = 240, src = plane(w, h);
    const low = encodeGreyJpeg(src, w, h, 30), high = encodeGreyJpeg(src, w, h, 95);
    expect(low.length).toBeLessThan(high.length);
    const decode = (b: Uint8Array) => {
      const rgba = jpeg.decode(b, { useTArray: true }).data;
      return Uint8Array.from({ length: w * h }, (_, i) => rgba[i * 4]);
    };
    expect(psnr(src, decode(high))).toBeGreaterThan(psnr(src, decode(low)));
  });

  it("scales the standard table as libjpeg does", () => {
    expect(quantTable(50)[0]).toBe(16);
    expect(quantTable(100).every((v) => v === 1)).toBe(true);
    expect(quantTable(10)[0]).toBe(80);
  });

  it("stuffs 0xFF bytes in the entropy-coded data", () => {
    const w = 64, h = 64, noise = Uint8Array.from({ length: w * h }, (_, i) => (i * 2654435761) >>> 24);
    const bytes = encodeGreyJpeg(noise, w, h, 95);
    const sos = bytes.findIndex((v, i) => v === 0xff && bytes[i + 1] === 0xda);
    const data = bytes.subarray(sos + 10, bytes.length - 2);
    for (let i = 0; i < data.length - 1; i++) if (data[i] === 0xff) expect(data[i + 1]).toBe(0);
    expect(jpeg.decode(bytes, { useTArray: true }).width).toBe(w);
  });
});
