import type { Filter } from "../contract";
import type { Frame } from "../detector/types";
import { encodeGreyJpeg } from "../encode/jpeg-grey";
import { encodeG4 } from "../encode/ccitt-g4";
import { deflate, filteredRows, writeBilevelPng, type Bitmap1 } from "../encode/png-bilevel";

/**
 * How each filter's page is stored. A filtered page is white paper with sharp ink, which
 * JPEG keeps small at a good quality; the photo (`original`) keeps the room's shading and
 * noise and needs lower qualities to fit. Qualities are tried in turn until the page fits
 * its budget, but never below the last one: legibility is not traded for bytes
 * (docs/scanner.md, "Page size"; measured by `npm run bench:pages`).
 */
export const PAGE_ENCODING = {
  auto: { budget: 150 * 1024, qualities: [0.8, 0.72, 0.65, 0.58] },
  grayscale: { budget: 150 * 1024, qualities: [0.8, 0.72, 0.65, 0.58] },
  original: { budget: 300 * 1024, qualities: [0.8, 0.65, 0.5] },
} as const;

export interface EncodedPage {
  blob: Blob;
  format: "jpeg" | "png";
}

/** The canvas's JPEG encoder at `quality` 0..1 (colour pages). */
export type EncodeRgb = (page: Frame, quality: number) => Promise<Blob>;

/** Encodes a filtered page for its filter: colour JPEG, one-channel JPEG, or a 1-bit PNG. */
export async function encodePage(filter: Filter, page: Frame | Bitmap1, encodeRgb: EncodeRgb): Promise<EncodedPage> {
  if ("bits" in page) return { blob: pngBlob(await encodeBilevelPage(page)), format: "png" };
  if (filter === "bw") throw new Error("encodePage: a bw page is a bitmap");
  const { budget, qualities } = PAGE_ENCODING[filter];
  const encode = filter === "grayscale" ? (q: number) => Promise.resolve(greyJpeg(page, q)) : (q: number) => encodeRgb(page, q);
  let blob = await encode(qualities[0]);
  for (const q of qualities.slice(1)) {
    if (blob.size <= budget) break;
    blob = await encode(q);
  }
  return { blob, format: "jpeg" };
}

/**
 * A `bw` page: a 1-bit PNG, which the browser shows as the thumbnail, carrying the page as
 * G4 too when that is smaller than the PNG's own zlib stream; the PDF then embeds the G4.
 * On the bench's camera pages G4 took 55-72 % of deflate's bytes, photos included, but it
 * codes pixel noise worse than deflate does, so the smaller of the two is kept. Keeping
 * both in the PNG costs the stored page, not the PDF.
 */
export async function encodeBilevelPage(b: Bitmap1): Promise<Uint8Array> {
  const zlib = await deflate(filteredRows(b)), fax = encodeG4(b);
  return writeBilevelPng({ width: b.width, height: b.height, zlib, ...(fax.length < zlib.length ? { fax } : {}) });
}

function greyJpeg(page: Frame, quality: number): Blob {
  const grey = new Uint8Array(page.width * page.height);
  for (let i = 0; i < grey.length; i++) grey[i] = page.data[i * 4 + 1]; // R = G = B after the grey filter
  return new Blob([encodeGreyJpeg(grey, page.width, page.height, quality * 100) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
}

function pngBlob(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" });
}
