import { TONE } from "./document-filter";

/**
 * The resolution (pixels per inch of paper) below which 10 pt text stops reading reliably
 * from a camera page, whatever the filter does (docs/filters.md, "Low-resolution pages"):
 * what capture guidance and the report's resolution rating should hold a page to.
 */
export const LEGIBLE_DPI = 100;

/**
 * How a page below `belowDpi` is made (a 720p camera gives 64-78 dpi; at 93 dpi the enlarged
 * page read worse than the usual one on the one train page measured, so not up to
 * `LEGIBLE_DPI`): the document filter's own tone curve, which already
 * keeps a stroke's grey edge between its black and white points (no hard split into ink and
 * paper), without the sharpening, which at this size rings around strokes one or two pixels
 * wide; then the page is delivered at `scale` times its size by cubic interpolation, so a
 * viewer or OCR engine enlarging it does not turn the edges into steps. Chosen on the train
 * scenes filmed at 720p (docs/filters.md).
 */
export const LOW_RES = { belowDpi: 85, tone: TONE, sharpen: 0, scale: 2 } as const;

export const isLowResolution = (dpi: number) => dpi < LOW_RES.belowDpi;
