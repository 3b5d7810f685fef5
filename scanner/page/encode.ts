import type { Filter } from "../contract";
import type { Frame } from "../pixels";
import { boxReduce } from "../pixels";
import { bitmapToFrame } from "../image/binarize";
import { encodeGreyJpeg } from "../encode/jpeg-grey";
import { encodeG4 } from "../encode/ccitt-g4";
import { splitMrc } from "../encode/mrc";
import { deflate, filteredRows, writeBilevelPng, type Bitmap1 } from "../encode/png-bilevel";

/**
 * How each filter's page is stored. A filtered page is white paper with sharp ink, which
 * JPEG keeps small at a good quality; the photo (`original`) keeps the room's shading and
 * noise and needs lower qualities to fit. Qualities are tried in turn until the page fits
 * its budget, but never below the last one: legibility is not traded for bytes
 * (docs/scanner.md, "Page size"; measured by `npm run bench:pages`). A filtered page still
 * over its budget at the last quality is split into mixed raster content (`mrc`). The 150 KB
 * target is the page in the PDF, so the image's budget leaves 2 KB for the page's PDF
 * objects (a page of bench scene 13 came to 151 KB with a 150 KB image budget).
 */
const PDF_PAGE_BYTES = 2 * 1024;
export const PAGE_ENCODING = {
  auto: { budget: 150 * 1024 - PDF_PAGE_BYTES, qualities: [0.8, 0.72, 0.65, 0.58] },
  grayscale: { budget: 150 * 1024 - PDF_PAGE_BYTES, qualities: [0.8, 0.72, 0.65, 0.58] },
  original: { budget: 300 * 1024, qualities: [0.8, 0.65, 0.5] },
} as const;
/**
 * A low-resolution page delivered enlarged (`LOW_RES`, scanner/image/low-resolution.ts) goes
 * further down the ladder before MRC: its smooth, interpolated edges survive a lower JPEG
 * quality, while MRC's 1-bit mask cuts them off again (train scene 05 at 720p: CER 0.018
 * at its own size, 0.05 enlarged as MRC; docs/filters.md).
 */
const ENLARGED_QUALITIES = [0.8, 0.72, 0.65, 0.58, 0.5, 0.42] as const;

/**
 * JPEG qualities of the MRC layers. The background is white paper almost everywhere and
 * carries photos and highlighter; the foreground is only seen through the ink's mask.
 */
export const MRC_QUALITY = { background: 0.65, foreground: 0.5 } as const;
/**
 * The most the quality ladder shrinks a filtered page: the lowest quality's JPEG was 0.67-0.74
 * of the first's on the bench scenes (docs/filters.md). A page whose first JPEG is over the
 * budget by more than that goes to MRC at once, without three more full-page encodes.
 */
const LADDER_REACH = 0.75;
/**
 * The thumbnail kept with an MRC page, whose parts are not one picture a browser shows: the
 * page strip's picture and the PDF page's /Thumb (the console's page picture). An eighth of
 * the page (207 x 292 px for A4 at 200 dpi, about 10 KB) is enough for both.
 */
const PREVIEW_SCALE = 8, PREVIEW_QUALITY = 0.7;
/** A `bw` page's thumbnail is grey and only for recognising the page. */
const THUMB_QUALITY = 0.6;

/** The layers of a mixed-raster page (`scanner/encode/mrc.ts`), as stored until the PDF is made. */
export interface MrcParts {
  /**
   * The ink at the page's resolution, 0 = ink: a 1-bit PNG like a `bw` page (G4 inside when
   * smaller), which the PDF embeds as it is and text recognition reads as a picture.
   */
  mask: Blob;
  /** JPEGs (colour, or one-channel for `grayscale`). */
  background: Blob;
  foreground: Blob;
}

export interface EncodedPage {
  /** The page (JPEG or PNG); for `mrc` a small JPEG preview for the page strip. */
  blob: Blob;
  format: "jpeg" | "png" | "mrc";
  mrc?: MrcParts;
  /**
   * For a `bw` page, a small grey JPEG of it, the PDF page's /Thumb: the console shows a page
   * without rendering it, and a browser cannot show a CCITT G4 image (lib/files/page-pictures/extract.mjs).
   */
  pdfThumb?: Blob;
}

/** The canvas's JPEG encoder at `quality` 0..1 (colour pages). */
export type EncodeRgb = (page: Frame, quality: number) => Promise<Blob>;

/**
 * Encodes a filtered page for its filter: colour JPEG, one-channel JPEG, or a 1-bit PNG; a
 * colour or grey page over its budget at the lowest quality (or sure to be, `LADDER_REACH`)
 * becomes MRC when that is smaller.
 */
export async function encodePage(filter: Filter, page: Frame | Bitmap1, encodeRgb: EncodeRgb, opts: { enlarged?: boolean } = {}): Promise<EncodedPage> {
  if ("bits" in page) return { blob: pngBlob(await encodeBilevelPage(page)), format: "png", pdfThumb: bilevelThumb(page) };
  if (filter === "bw") throw new Error("encodePage: a bw page is a bitmap");
  const { budget } = PAGE_ENCODING[filter], enlarged = !!opts.enlarged && filter !== "original";
  const qualities = enlarged ? ENLARGED_QUALITIES : PAGE_ENCODING[filter].qualities;
  const encode = jpegEncoder(filter, encodeRgb);
  let blob = await encode(page, qualities[0]);
  const split = filter !== "original";
  for (const q of qualities.slice(1)) {
    if (blob.size <= budget || (split && !enlarged && blob.size * LADDER_REACH > budget)) break;
    blob = await encode(page, q);
  }
  if (blob.size <= budget || !split) return { blob, format: "jpeg" };
  const mrc = await encodeMrc(filter, page, encodeRgb);
  return pdfSize(mrc) < blob.size ? mrc : { blob, format: "jpeg" };
}

/** The page as MRC layers, with a preview for display. */
export async function encodeMrc(filter: "auto" | "grayscale", page: Frame, encodeRgb: EncodeRgb): Promise<EncodedPage> {
  const encode = jpegEncoder(filter, encodeRgb);
  const layers = splitMrc(page);
  return {
    blob: await encode(boxReduce(page, PREVIEW_SCALE, PREVIEW_SCALE), PREVIEW_QUALITY),
    format: "mrc",
    mrc: {
      mask: pngBlob(await encodeBilevelPage(layers.mask)),
      background: await encode(layers.background, MRC_QUALITY.background),
      foreground: await encode(layers.foreground, MRC_QUALITY.foreground),
    },
  };
}

/** Bytes an encoded page adds to the PDF (an MRC page's preview stays out of it). */
export function pdfSize(p: EncodedPage): number {
  return p.mrc ? p.mrc.mask.size + p.mrc.background.size + p.mrc.foreground.size : p.blob.size;
}

function jpegEncoder(filter: Filter, encodeRgb: EncodeRgb): (page: Frame, q: number) => Promise<Blob> {
  return filter === "grayscale" ? (f, q) => Promise.resolve(greyJpeg(f, q)) : encodeRgb;
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

/** An eighth of the page (207 x 292 px for A4 at 200 dpi), a few KB: enough to recognise it. */
function bilevelThumb(b: Bitmap1): Blob {
  return greyJpeg(boxReduce(bitmapToFrame(b), PREVIEW_SCALE, PREVIEW_SCALE), THUMB_QUALITY);
}

function greyJpeg(page: Frame, quality: number): Blob {
  const grey = new Uint8Array(page.width * page.height);
  for (let i = 0; i < grey.length; i++) grey[i] = page.data[i * 4 + 1]; // R = G = B after the grey filter
  return new Blob([encodeGreyJpeg(grey, page.width, page.height, quality * 100) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
}

function pngBlob(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/png" });
}
