import { TONE } from "./document-filter";

/**
 * How a page below `belowDpi` is made (a 720p camera gives 64-78 dpi; at 93 dpi the enlarged
 * page read worse than the usual one on the one train page measured, so not up to
 * `LEGIBLE_DPI`, scanner/contract.ts, the resolution the bench found 10 pt text stops reading
 * reliably below): the document filter's own tone curve, which already
 * keeps a stroke's grey edge between its black and white points (no hard split into ink and
 * paper), without the sharpening, which at this size rings around strokes one or two pixels
 * wide; the outermost `border` pixels whitened (`whitenBorder`: the desk the crop's edge
 * takes in, read as "|" at every line's end); then the page is delivered at `scale` times its
 * size by cubic interpolation, so a viewer or OCR engine enlarging it does not turn the edges
 * into steps, and the enlarged page gets an unsharp mask as wide as the camera's blur
 * (`sharpenEnlarged`, σ `enlargedSharpen.sigma` of its pixels). Chosen on the train scenes
 * 01-06 filmed at 720p (docs/filters.md).
 */
export const LOW_RES = { belowDpi: 85, tone: TONE, sharpen: 0, border: 2, scale: 2, enlargedSharpen: { sigma: 1.4, amount: 1 } } as const;

export const isLowResolution = (dpi: number) => dpi < LOW_RES.belowDpi;
