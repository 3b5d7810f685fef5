import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { encodeGreyPng } from "@/scanner/encode/png-grey";

describe("encodeGreyPng", () => {
  it("writes the page's luma losslessly as an 8-bit grey PNG that a standard decoder reads back", async () => {
    const width = 37, height = 23, data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i * 4);
    const png = await encodeGreyPng({ data, width, height });
    const back = PNG.sync.read(Buffer.from(png));
    expect([back.width, back.height]).toEqual([width, height]);
    expect(png[24 + 1]).toBe(0); // IHDR colour type: grey
    expect(png[24]).toBe(8); // bit depth
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = data.subarray(i * 4, i * 4 + 3);
      const luma = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      expect(Math.abs(back.data[i * 4] - luma), `pixel ${i}`).toBeLessThanOrEqual(1);
    }
  });
});
