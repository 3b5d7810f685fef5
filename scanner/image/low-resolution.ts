import { TONE } from "./document-filter";

/**
 * Pages with fewer pixels per inch of paper than this (a 720p camera gives about 75) are
 * filtered for their size: at this resolution a 10 pt letter's strokes are one or two pixels
 * wide and their grey edges carry half of the letter, so a hard split into ink and paper
 * loses them. Measured in docs/filters.md ("Low-resolution pages").
 */
export const LEGIBLE_DPI = 100;

/**
 * How a page below `LEGIBLE_DPI` is made: the document filter's own tone curve, which already
 * keeps a stroke's grey edge between its black and white points (no hard split into ink and
 * paper), without the sharpening, which at this size rings around strokes one or two pixels
 * wide; then the page is delivered at `scale` times its size by cubic interpolation, so a
 * viewer or OCR engine enlarging it does not turn the edges into steps. Chosen on the train
 * scenes filmed at 720p (docs/filters.md).
 */
export const LOW_RES = { tone: TONE, sharpen: 0, scale: 2 } as const;

export const isLowResolution = (dpi: number) => dpi < LEGIBLE_DPI;
