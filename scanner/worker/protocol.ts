import type { Point } from "@/scanner/detector";
import type { Filter } from "../contract";
import type { MrcParts } from "../page/encode";

/** Corners as fractions (0..1) of the image's width and height, tl, tr, br, bl. */
export type NormQuad = [Point, Point, Point, Point];

export interface LiveDetection {
  corners: NormQuad | null;
  confidence: number;
  stable: boolean;
  progress: number;
  /** Variance of the Laplacian of the small frame: drops while the camera moves. */
  sharpness: number;
  /**
   * Focus of a full-resolution patch of the page (the page report's sharpness measure, 0..1),
   * or null when no patch came with the frame: the small frame hides the blur of a large stream.
   */
  focus: number | null;
  luma: number;
  ms: number;
}

/** A page found in a still: corners and the detector's confidence (0..1). */
export interface Located {
  corners: NormQuad;
  confidence: number;
}

export interface EncodedImage {
  blob: Blob;
  width: number;
  height: number;
}

export interface WarpOptions {
  filter: Filter;
  /** Caps the page's long side in pixels: a quick preview for the corner editor. Absent: the full page. */
  maxSide?: number;
  /** Also make the page's grey image for text recognition (`ocrImage`), on sessions with OCR. */
  ocrImage?: boolean;
}

/** What the scanner measures on a straightened page (the numbers of `PageReport`, docs/scanner.md). */
export interface PageMeasures {
  sharpness: number;
  glare: number;
  brightness: number;
  unevenness_before: number;
  unevenness_after: number;
}

/**
 * A straightened, filtered and encoded page: JPEG (colour, or single-channel grey), for
 * `bw` a 1-bit PNG whose compressed rows the PDF embeds as they are, or (a dense page over
 * its budget) mixed raster content, `blob` being then a small preview to show.
 */
export interface WarpedPage extends EncodedImage {
  format: "jpeg" | "png" | "mrc";
  /** The layers of an `mrc` page. */
  mrc?: MrcParts;
  /** A `bw` page's small JPEG, the PDF page's /Thumb. */
  pdfThumb?: Blob;
  /** Pixels per inch at the page's physical size. */
  dpi: number;
  /** The filtered page as a lossless grey PNG for text recognition, when asked for (`WarpOptions.ocrImage`). */
  ocrImage?: Blob;
  measures: PageMeasures;
  /** Worker milliseconds: straightening (0 when reused), filter, encoding (for benchmarks). */
  ms: { straighten: number; filter: number; encode: number };
}

/** Requests to the worker; each gets one reply with the same `id`. */
export type WorkerRequest =
  | { id: number; op: "warmup" }
  | { id: number; op: "detect"; image: ImageBitmap; patch?: ImageBitmap }
  | { id: number; op: "reset" }
  | { id: number; op: "encode"; image: ImageBitmap }
  | { id: number; op: "locate"; blob: Blob }
  | { id: number; op: "warp"; blob: Blob; corners: NormQuad; options: WarpOptions };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };
