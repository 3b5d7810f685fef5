import type { Filter } from "../contract";
import type { Frame } from "../pixels";
import { binarize, bitmapToFrame, documentFilter, isLowResolution, LOW_RES, measurePage, sharpenEnlarged, unevenness, upscale2x, whitenBorder, type Bitmap1 } from "../image";
import type { NormQuad, PageMeasures } from "../worker/protocol";

type Straightened = { page: Frame; measures: Omit<PageMeasures, "unevenness_after"> };

/**
 * Keeps the last straightened page and its measures. The corner editor's previews (one per
 * filter the person tries) and the final "Use this page" all straighten the same source
 * with the same corners; keeping the result makes the switch and the final page cost only
 * the filter and the encoding.
 */
export class StraightPages {
  private last: { blob: Blob; key: string; value: Straightened } | null = null;

  async get(blob: Blob, corners: NormQuad, straighten: () => Promise<Frame>): Promise<Straightened> {
    const key = corners.flat().join(",");
    if (this.last && this.last.blob === blob && this.last.key === key) return this.last.value;
    const page = await straighten();
    const value = { page, measures: { ...measurePage(page), unevenness_before: unevenness(page) } };
    this.last = { blob, key, value };
    return value;
  }
}

export interface FilteredPage {
  /** The page for the PDF: RGBA, or a bitmap for `bw`. */
  image: Frame | Bitmap1;
  /** The paper's unevenness after the filter (0 is even). */
  unevenness: number;
  /** The page as RGBA (for a preview of a bitmap). */
  preview(): Frame;
  /** Delivered larger than the straightened page (a low-resolution page, `LOW_RES`). */
  enlarged: boolean;
}

export interface FilterOptions {
  /** The page's pixels per inch on paper (the straightened page's, not a preview's). */
  dpi: number;
  /**
   * Below `LOW_RES.belowDpi`, deliver the page at `LOW_RES.scale` times its size; off for a
   * preview, which only needs the look.
   */
  enlarge?: boolean;
}

/**
 * Applies a filter to `page` (changed in place) into the page for the PDF. Below
 * `LOW_RES.belowDpi` (`isLowResolution`) `auto` and `grayscale` skip the sharpening, lose
 * the desk at their edges, and are enlarged, then sharpened as wide as the camera's blur;
 * `bw` is thresholded on the enlarged page, whose edges then fall between the page's own
 * pixels (docs/filters.md, "Low-resolution pages").
 */
export function applyFilter(page: Frame, filter: Filter, opts: FilterOptions): FilteredPage {
  const low = isLowResolution(opts.dpi), enlarge = low && opts.enlarge !== false;
  if (filter === "bw") {
    const bits = binarize(enlarge ? upscale2x(page) : page);
    const rgba = bitmapToFrame(bits);
    return { image: bits, unevenness: unevenness(rgba), preview: () => rgba, enlarged: enlarge };
  }
  if (filter === "original") return { image: page, unevenness: unevenness(page), preview: () => page, enlarged: false };
  const grey = filter === "grayscale";
  documentFilter(page, low ? { grey, tone: LOW_RES.tone, sharpen: LOW_RES.sharpen } : { grey });
  if (low) whitenBorder(page, LOW_RES.border);
  const image = enlarge ? upscale2x(page) : page;
  if (enlarge) sharpenEnlarged(image, LOW_RES.enlargedSharpen.sigma, LOW_RES.enlargedSharpen.amount);
  return { image, unevenness: unevenness(image), preview: () => image, enlarged: enlarge };
}
