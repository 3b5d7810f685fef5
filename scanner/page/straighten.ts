import { estimatePageSize, warpPerspective, type Frame, type Quad } from "./detect";
import { pageBoxFor, renderSizeFor } from "../pdf/page-size";
import type { NormQuad } from "../worker/protocol";

/** PDF points per inch. */
const PT = 72;

/*
 * One coordinate convention from the detector to the PDF: a pixel (i, j) covers
 * [i, i+1) × [j, j+1), so its centre is at (i + 0.5, j + 0.5) and the frame's
 * outer edges are 0 and width. `detect` returns corners this way, the editor's
 * CSS boxes and the overlay's SVG use it, and `warpPerspective` samples with it.
 * Normalising is then a plain division at any resolution.
 */

/** Frame-pixel corners to fractions of the frame (0..1), resolution-free. */
export function normalise(q: Quad, f: { width: number; height: number }): NormQuad {
  return q.map(([x, y]) => [x / f.width, y / f.height]) as NormQuad;
}

/** Fractions of the frame back to pixels of a frame of any size. */
export function denormalise(q: NormQuad, f: { width: number; height: number }): Quad {
  return q.map(([x, y]) => [x * f.width, y * f.height]) as Quad;
}

/**
 * The page cut out of a full-resolution source and turned upright: aspect from
 * the perspective, snapped to A4/Letter when close by `renderSizeFor` (the one
 * place that snaps), 200 dpi at most and never more pixels than the page has in
 * the source. A page much larger in the source is box-averaged down before the
 * bilinear warp (`warpPerspective`), so it neither aliases nor blurs.
 */
export function cropPage(src: Frame, corners: NormQuad): Frame {
  const quad = denormalise(corners, src);
  const est = estimatePageSize(quad, src.width, src.height);
  const size = renderSizeFor(est.width, est.height, Math.max(est.width, est.height));
  return warpPerspective(src, quad, size.width, size.height);
}

/**
 * Pixels per inch of a delivered page of `width`×`height` pixels at the physical size the
 * PDF gives it (`pageBoxFor`: A4 or Letter when snapped, otherwise 200 dpi by definition).
 * Below 200 when the page had fewer pixels in the photo than a 200-dpi page needs.
 */
export function pageDpi(width: number, height: number): number {
  const box = pageBoxFor(width, height);
  return Math.round((Math.max(width, height) * PT) / Math.max(box.width, box.height));
}
