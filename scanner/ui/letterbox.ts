import type { Point } from "@/scanner/detector";

/** A rectangle in CSS pixels of its container. */
export interface Rect { x: number; y: number; width: number; height: number }

/**
 * Where an image of `imgW`×`imgH` is shown inside a `boxW`×`boxH` stage at its
 * true aspect ratio: as large as fits, centred, with bars on the two sides it
 * does not fill (CSS `object-fit: contain`), at least `inset` px from every edge of the
 * stage (so a corner handle on the image's edge stays on the stage).
 */
export function containRect(boxW: number, boxH: number, imgW: number, imgH: number, inset = 0): Rect {
  const w = boxW - 2 * inset, h = boxH - 2 * inset;
  if (w <= 0 || h <= 0 || imgW <= 0 || imgH <= 0) return { x: 0, y: 0, width: Math.max(0, boxW), height: Math.max(0, boxH) };
  const k = Math.min(w / imgW, h / imgH);
  const width = imgW * k, height = imgH * k;
  return { x: (boxW - width) / 2, y: (boxH - height) / 2, width, height };
}

/** A normalised image point (0..1 of width and height) to stage pixels. */
export function toStage(r: Rect, [u, v]: Point): Point {
  return [r.x + u * r.width, r.y + v * r.height];
}

/** Stage pixels (e.g. a pointer) to a normalised image point, clamped to the image. */
export function fromStage(r: Rect, [x, y]: Point): Point {
  const clamp = (t: number) => Math.min(1, Math.max(0, t));
  return [clamp(r.width ? (x - r.x) / r.width : 0), clamp(r.height ? (y - r.y) / r.height : 0)];
}
