import { extractPagePictures, type Picture } from "@/lib/files/page-pictures/extract.mjs";
import { limitsFor } from "@/lib/sessions/page-pictures";

/** Page `n`'s picture as the console's picture worker makes it (under the limits for a document of `pages`), or null. */
export async function pagePicture(pdf: Uint8Array, n: number, pages = n): Promise<Picture | null> {
  const result = await extractPagePictures(pdf, limitsFor(pages));
  if ("refused" in result) throw new Error(`refused: ${result.refused}`);
  const index = result.pages[n - 1];
  return index === undefined || index === null ? null : result.pictures[index];
}
