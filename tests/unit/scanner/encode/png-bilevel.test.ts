import { describe, expect, it } from "vitest";
import { inflateSync } from "node:zlib";
import { PNG } from "pngjs";
import { encodeBilevelPng, filteredRows, readBilevelPng, type Bitmap1 } from "@/scanner/encode/png-bilevel";

/** A 21×9 bitmap (rows of 3 bytes, 3 padding bits): black bars every third row, a black corner pixel. */
function bitmap(): Bitmap1 {
  const width = 21, height = 9, rowBytes = 3, bits = new Uint8Array(rowBytes * height).fill(0xff);
  for (let y = 0; y < height; y += 3) bits.fill(0x00, y * rowBytes, y * rowBytes + 2);
  bits[rowBytes * (height - 1) + 2] &= ~(1 << 3); // x = 20 in the last row
  return { width, height, rowBytes, bits };
}

const isWhite = (b: Bitmap1, x: number, y: number) => ((b.bits[y * b.rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1) === 1;

describe("encodeBilevelPng", () => {
  it("writes a 1-bit grey PNG that a PNG decoder reads pixel for pixel", async () => {
    const b = bitmap();
    const png = PNG.sync.read(Buffer.from(await encodeBilevelPng(b)));
    expect([png.width, png.height]).toEqual([b.width, b.height]);
    for (let y = 0; y < b.height; y++) {
      for (let x = 0; x < b.width; x++) expect(png.data[(y * b.width + x) * 4]).toBe(isWhite(b, x, y) ? 255 : 0);
    }
  });

  it("hands the PDF the zlib stream of Up-filtered rows, and refuses other PNGs", async () => {
    const b = bitmap();
    const data = readBilevelPng(await encodeBilevelPng(b));
    expect([data.width, data.height]).toEqual([b.width, b.height]);
    expect(new Uint8Array(inflateSync(data.zlib))).toEqual(filteredRows(b));
    const rgb = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 200) }));
    expect(() => readBilevelPng(new Uint8Array(rgb))).toThrow(/1-bit/);
    expect(() => readBilevelPng(new Uint8Array([1, 2, 3]))).toThrow(/not a PNG/);
  });
});
