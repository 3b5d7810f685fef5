import type { Point } from "@/scanner/detector";

/** Corners as fractions (0..1) of the image's width and height, tl, tr, br, bl. */
export type NormQuad = [Point, Point, Point, Point];

export interface LiveDetection {
  corners: NormQuad | null;
  confidence: number;
  stable: boolean;
  progress: number;
  sharpness: number;
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
  grayscale: boolean;
  enhance: boolean;
}

/** Requests to the worker; each gets one reply with the same `id`. */
export type WorkerRequest =
  | { id: number; op: "warmup" }
  | { id: number; op: "detect"; image: ImageBitmap }
  | { id: number; op: "reset" }
  | { id: number; op: "encode"; image: ImageBitmap }
  | { id: number; op: "locate"; blob: Blob }
  | { id: number; op: "warp"; blob: Blob; corners: NormQuad; options: WarpOptions };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };
