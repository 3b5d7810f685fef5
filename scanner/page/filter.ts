import type { Filter } from "../contract";
import type { Frame } from "../pixels";
import { binarize, bitmapToFrame, documentFilter, measurePage, unevenness, type Bitmap1 } from "../image";
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
}

/** Applies a filter in place (RGBA filters) or into a bitmap (`bw`). */
export function applyFilter(page: Frame, filter: Filter): FilteredPage {
  if (filter === "bw") {
    const bits = binarize(page);
    const rgba = bitmapToFrame(bits);
    return { image: bits, unevenness: unevenness(rgba), preview: () => rgba };
  }
  if (filter !== "original") documentFilter(page, { grey: filter === "grayscale" });
  return { image: page, unevenness: unevenness(page), preview: () => page };
}
