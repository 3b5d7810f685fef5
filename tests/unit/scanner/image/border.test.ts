import { describe, expect, it } from "vitest";
import { whitenBorder } from "@/scanner/image/border";
import type { Frame } from "@/scanner/detector";

describe("whitenBorder", () => {
  it("whitens the outermost pixels on all four sides and nothing inside", () => {
    const w = 9, h = 7, f: Frame = { data: new Uint8ClampedArray(w * h * 4).fill(40), width: w, height: h };
    whitenBorder(f, 2);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4, edge = x < 2 || y < 2 || x >= w - 2 || y >= h - 2;
      expect([f.data[i], f.data[i + 1], f.data[i + 2], f.data[i + 3]]).toEqual(edge ? [255, 255, 255, 40] : [40, 40, 40, 40]);
    }
  });
});
