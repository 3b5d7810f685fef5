/**
 * Bitmaps for the bilevel encoding tests, and a PDF's bilevel image as pdf.js decodes it:
 * the independent reader the round trips are judged by.
 */
import { expect } from "vitest";
import type { Bitmap1 } from "@/scanner/encode/png-bilevel";
import { decodedImages, expectSoundPdf, pdfImageList } from "../../../support/pdf-check";

/** A bitmap with `black(x, y)` pixels black; padding bits white, as `binarize` leaves them. */
export function bitmap(width: number, height: number, black: (x: number, y: number) => boolean): Bitmap1 {
  const rowBytes = Math.ceil(width / 8), bits = new Uint8Array(rowBytes * height).fill(0xff);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (black(x, y)) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  return { width, height, rowBytes, bits };
}

/**
 * The only image of a one-page PDF: how it is stored (`pdfImageList`'s "enc": "ccitt", or
 * "image" for Flate) and its pixels as pdf.js decodes them: the independent reader the round
 * trips are judged by. The PDF must pass the structural check first.
 */
export async function pdfBilevelImage(pdf: Uint8Array): Promise<{ enc: string; image: Bitmap1 }> {
  await expectSoundPdf(pdf);
  const rows = await pdfImageList(pdf);
  expect(rows).toHaveLength(1);
  const { width, height, color, comp, bpc, enc } = rows[0];
  expect([color, comp, bpc]).toEqual(["gray", 1, 1]);
  const [decoded] = await decodedImages(pdf);
  expect([decoded.kind, decoded.width, decoded.height]).toEqual([1, width, height]);
  const rowBytes = Math.ceil(width / 8);
  expect(decoded.data.length).toBe(rowBytes * height);
  return { enc, image: { width, height, rowBytes, bits: decoded.data } };
}

/** Every pixel of `b` in `decoded`, padding bits left out; on failure, the first few that differ. */
export function expectSamePixels(decoded: Bitmap1, b: Bitmap1): void {
  expect([decoded.width, decoded.height]).toEqual([b.width, b.height]);
  const diff: string[] = [];
  for (let y = 0; y < b.height && diff.length < 5; y++) {
    for (let x = 0; x < b.width && diff.length < 5; x++) {
      const at = y * b.rowBytes + (x >> 3), m = 0x80 >> (x & 7);
      if ((decoded.bits[at] & m) !== (b.bits[at] & m)) diff.push(`(${x}, ${y})`);
    }
  }
  expect(diff).toEqual([]);
}
