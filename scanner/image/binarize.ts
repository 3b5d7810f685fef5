import type { Bitmap1, Frame } from "../pixels";
import { FLAT_PAPER, flattenedLuma } from "./document-filter";

export type { Bitmap1 };

/**
 * The threshold as a share of the paper's level on the page divided by its paper: ink is
 * whatever is darker than 75 % of the paper. On the train scenes (docs/filters.md) 0.75 read
 * best; Otsu's threshold sits lower (thin, broken strokes) and Sauvola on the divided page
 * did no better, at twice the cost.
 */
export const INK_BELOW = 0.75;

/**
 * The page as ink and paper: the document filter's light correction (each pixel divided by
 * the paper under it), one threshold (the paper is at the same level everywhere after the
 * division, so no local threshold is needed), then lone black pixels (sensor noise) removed.
 */
export function binarize(page: Frame, opts: { threshold?: number } = {}): Bitmap1 {
  const { width: w, height: h } = page;
  const luma = flattenedLuma(page), t = (opts.threshold ?? INK_BELOW) * FLAT_PAPER;
  const ink = new Uint8Array(luma.length);
  for (let i = 0; i < luma.length; i++) ink[i] = luma[i] <= t ? 1 : 0;
  removeSpeckles(ink, w, h);
  return packInk(ink, w, h);
}

/** The bitmap as an RGBA frame (black and white), for a preview. */
export function bitmapToFrame(b: Bitmap1): Frame {
  const data = new Uint8ClampedArray(b.width * b.height * 4);
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      const v = (b.bits[y * b.rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0, o = (y * b.width + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  return { data, width: b.width, height: b.height };
}

/** Clears ink pixels (1) none of whose 8 neighbours is ink: sensor noise, not print. */
export function removeSpeckles(ink: Uint8Array, w: number, h: number): void {
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) {
      if (!ink[i]) continue;
      if (!(ink[i - w - 1] | ink[i - w] | ink[i - w + 1] | ink[i - 1] | ink[i + 1] | ink[i + w - 1] | ink[i + w] | ink[i + w + 1])) ink[i] = 0;
    }
  }
}

/** Ink flags (1 = ink), one byte a pixel, as a `Bitmap1`. */
export function packInk(ink: Uint8Array, w: number, h: number): Bitmap1 {
  const rowBytes = (w + 7) >> 3, bits = new Uint8Array(rowBytes * h).fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) if (ink[i]) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  }
  return { width: w, height: h, rowBytes, bits };
}
