import { describe, expect, it } from "vitest";
import { applyFilter } from "@/scanner/page/filter";
import { LOW_RES } from "@/scanner/image";
import type { Bitmap1 } from "@/scanner/image";
import type { Frame } from "@/scanner/detector";
import { boxReduce } from "@/scanner/detector/warp";
import { copyFrame, renderPage } from "./synthetic-page";

// A small page, as a 720p camera gives: the synthetic page's 3-px stems halved, 1.5 px with grey edges.
const page = () => boxReduce(renderPage({ width: 480, height: 640, light: [0.6, 1], cast: [1, 0.9, 0.75] }), 2, 2);
const LOW = LOW_RES.belowDpi - 10, HIGH = LOW_RES.belowDpi + 15;
const size = (f: Frame | Bitmap1) => [f.width, f.height];

describe("applyFilter below the legible resolution", () => {
  it("delivers auto and grayscale pages at twice their size, and pages at a legible resolution at theirs", () => {
    for (const filter of ["auto", "grayscale"] as const) {
      expect(size(applyFilter(copyFrame(page()), filter, { dpi: LOW }).image)).toEqual([480, 640]);
      expect(size(applyFilter(copyFrame(page()), filter, { dpi: HIGH }).image)).toEqual([240, 320]);
    }
  });

  it("thresholds a bw page on the enlarged page", () => {
    const low = applyFilter(copyFrame(page()), "bw", { dpi: LOW }).image as Bitmap1;
    expect([low.width, low.height, low.rowBytes]).toEqual([480, 640, 60]);
    expect(size(applyFilter(copyFrame(page()), "bw", { dpi: HIGH }).image)).toEqual([240, 320]);
  });

  it("keeps a preview at its size, and leaves original alone", () => {
    expect(size(applyFilter(copyFrame(page()), "auto", { dpi: LOW, enlarge: false }).image)).toEqual([240, 320]);
    const src = page(), out = applyFilter(copyFrame(src), "original", { dpi: LOW }).image as Frame;
    expect(Buffer.from(out.data).equals(Buffer.from(src.data))).toBe(true);
  });

  it("evens the paper and keeps the strokes' grey edges: no split into ink and paper", () => {
    const greyShare = (dpi: number) => {
      const filtered = applyFilter(copyFrame(page()), "grayscale", { dpi });
      expect(filtered.unevenness).toBeLessThanOrEqual(0.05);
      const f = filtered.image as Frame;
      let ink = 0, edge = 0;
      for (let i = 0; i < f.data.length; i += 4) {
        if (f.data[i] < 64) ink++;
        else if (f.data[i] < 192) edge++;
      }
      expect(ink).toBeGreaterThan(0);
      return edge / ink;
    };
    // a threshold leaves no grey; the enlarged page, sharpened as wide as the blur, keeps about
    // one edge pixel for five of ink (one for three before the sharpening)
    expect(greyShare(LOW)).toBeGreaterThan(0.15);
  });

  it("whitens the desk that the crop's edge takes in, on the enlarged page and on the preview", () => {
    // the page's outermost column and row are desk, as a crop a pixel outside the page gives
    const src = page();
    for (let y = 0; y < src.height; y++) for (const x of [0, src.width - 1]) src.data.fill(60, (y * src.width + x) * 4, (y * src.width + x) * 4 + 3);
    for (let x = 0; x < src.width; x++) src.data.fill(60, x * 4, x * 4 + 3);
    for (const enlarge of [true, false]) {
      const f = applyFilter(copyFrame(src), "auto", { dpi: LOW, enlarge }).image as Frame, s = enlarge ? 2 : 1;
      let darkest = 255;
      for (let y = 0; y < f.height; y++) for (const x of [0, s, f.width - 1 - s, f.width - 1]) darkest = Math.min(darkest, f.data[(y * f.width + x) * 4]);
      for (let x = 0; x < f.width; x++) for (const y of [0, s]) darkest = Math.min(darkest, f.data[(y * f.width + x) * 4]);
      expect(darkest).toBeGreaterThan(200);
    }
  });
});
