import { describe, expect, it } from "vitest";
import { binarize, bitmapToFrame, type Bitmap1 } from "@/scanner/image/binarize";
import type { Frame } from "@/scanner/detector";
import { isStroke, renderPage } from "./synthetic-page";

const bit = (b: Bitmap1, x: number, y: number) => (b.bits[y * b.rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;

describe("binarize", () => {
  it("turns strokes black and paper white on an unevenly lit, tinted page", () => {
    const spec = { width: 400, height: 520, light: [0.5, 1] as [number, number], cast: [1, 0.85, 0.6] as [number, number, number] };
    const b = binarize(renderPage(spec));
    let inkBlack = 0, ink = 0, paperWhite = 0, paper = 0;
    for (let y = 0; y < spec.height; y++) for (let x = 0; x < spec.width; x++) {
      // judge stroke cores and clear paper, not the anti-aliased rim
      const core = isStroke(x, y) && isStroke(x - 1, y) && isStroke(x + 1, y);
      const clear = !isStroke(x, y) && !isStroke(x - 1, y) && !isStroke(x + 1, y) && !isStroke(x, y - 1) && !isStroke(x, y + 1);
      if (core) { ink++; inkBlack += 1 - bit(b, x, y); }
      if (clear) { paper++; paperWhite += bit(b, x, y); }
    }
    expect(inkBlack / ink).toBeGreaterThan(0.98);
    expect(paperWhite / paper).toBeGreaterThan(0.995);
  });

  it("packs MSB-first, rows padded to whole bytes, 1 = white", () => {
    const w = 20, h = 12, data = new Uint8ClampedArray(w * h * 4).fill(230);
    const black = (x: number, y: number) => (x < 3 || x >= 17) && y >= 4 && y < 7;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (black(x, y)) data.fill(20, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const frame: Frame = { data, width: w, height: h };
    const b = binarize(frame);
    expect(b.rowBytes).toBe(3);
    expect(b.bits.length).toBe(36);
    expect([...b.bits.slice(0, 3)]).toEqual([0xff, 0xff, 0xff]);
    // row 5: pixels 0-2 black (0b00011111), 8-15 white, 16 white then 17-19 black then 4 padding bits
    expect([...b.bits.slice(15, 18)]).toEqual([0b00011111, 0xff, 0b10001111]);
    const back = bitmapToFrame(b);
    expect(back.data[(5 * w + 1) * 4]).toBe(0);
    expect(back.data[(5 * w + 10) * 4]).toBe(255);
  });

  it("drops a lone dark pixel (sensor noise) but keeps a 2-pixel dot", () => {
    const w = 40, h = 40, data = new Uint8ClampedArray(w * h * 4).fill(220);
    data.fill(10, (10 * w + 10) * 4, (10 * w + 10) * 4 + 3);
    for (const x of [30, 31]) data.fill(10, (30 * w + x) * 4, (30 * w + x) * 4 + 3);
    for (let y = 20; y < 26; y++) data.fill(10, (y * w + 5) * 4, (y * w + 30) * 4);
    const b = binarize({ data, width: w, height: h });
    expect(bit(b, 10, 10)).toBe(1);
    expect(bit(b, 30, 30)).toBe(0);
  });
});
