export interface PictureLimits {
  /** Leaves of the page tree: the file row's page count. */
  maxPages: number;
  /** Indirect objects, counting those inside object streams. */
  maxObjects: number;
  /** Bytes the streams pdf-lib decodes at load (object and cross-reference streams) may inflate to, together. */
  maxInflatedBytes: number;
  /** Levels of the page tree. */
  maxDepth: number;
  /** One picture's bytes (a console response stays under a function's response cap). */
  maxPictureBytes: number;
}

export interface Picture {
  contentType: "image/jpeg" | "image/png";
  bytes: Uint8Array;
}

export type ExtractedPictures =
  /** `pages[n - 1]` is the index in `pictures` of page n's picture, or null when it has none. */
  | { pages: (number | null)[]; pictures: Picture[] }
  /** The limit the document is over, as a phrase ("more than 20 pages"). */
  | { refused: string };

export function extractPagePictures(pdf: Uint8Array, limits: PictureLimits): Promise<ExtractedPictures>;
