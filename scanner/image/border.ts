import type { Frame } from "../pixels";

/**
 * In place: the outermost `px` rows and columns of a filtered page set to white. A page cut out
 * of a camera frame has edge pixels that are part desk (the corners are never exact to a
 * pixel, and the lens blur spreads the desk a pixel into the page); the document filter keeps
 * them as a dark line, which at 64-78 dpi is a pixel wide, a quarter-millimetre stroke once the
 * page is enlarged, and an OCR engine reads it as a "|" at the end of every line (train scenes
 * at 720p: 24-74 of them a page, docs/filters.md). Two pixels at 64-78 dpi are under a
 * millimetre: no printed page puts text there.
 */
export function whitenBorder(page: Frame, px: number): void {
  const { width: w, height: h, data: d } = page;
  for (let y = 0; y < h; y++) {
    const whole = y < px || y >= h - px;
    for (let x = 0; x < w; x++) {
      if (!whole && x === px) x = Math.max(px, w - px);
      const i = 4 * (y * w + x);
      d[i] = d[i + 1] = d[i + 2] = 255;
    }
  }
}
