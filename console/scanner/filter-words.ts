import type { Filter } from "@/scanner/contract";

/**
 * The page filters in an owner's words: the name the editor's choice and the session page
 * show, and the one line that says what the filter does to a page.
 */
export const FILTER_WORDS: Record<Filter, { label: string; explain: string }> = {
  auto: { label: "Auto — clean document", explain: "Removes shadows and uneven room light: white paper, black ink, colours such as stamps and signatures kept." },
  grayscale: { label: "Grayscale", explain: "The same clean-up in shades of grey; smaller files, no colour." },
  bw: { label: "Black & white", explain: "Pure black on white, one bit per pixel: the smallest files, for text-only pages." },
  original: { label: "Original photo", explain: "No change to light or colour: the page exactly as the camera saw it, straightened." },
};
