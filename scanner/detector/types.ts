/** A point in frame pixels, x right, y down. */
export type Point = [number, number];
/** Corners tl, tr, br, bl: clockwise on screen, starting nearest the frame's top-left. */
export type Quad = [Point, Point, Point, Point];

import type { Frame } from "../pixels";

export type { Frame };

/** A found page: corners in the given frame's pixels (pixel i covers [i, i+1)), confidence 0..1. */
export interface Detection {
  corners: Quad;
  confidence: number;
}

export interface DetectOptions {
  /** Long side of the downscaled frame the search runs on (default 320). */
  workingSize?: number;
  /** Refine the corners on the full-resolution frame (default true). */
  refine?: boolean;
  /** When the answer is unsure (confidence < 0.5), search again at 1.5 × the working size and keep the likelier answer (default true). */
  secondLook?: boolean;
  /** Below this confidence (a probability that IoU >= 0.9) `detect` returns null (default 0.02). */
  minConfidence?: number;
}
