import { deflate, filteredRows, type Bitmap1 } from "./png-bilevel";

/**
 * A 1-bit mask as a PDF stream: its bytes and the filter (with its parameters) a reader
 * needs to decode them. The one place that decides how masks are compressed, so another
 * coding (CCITT G4, which suits text better) replaces it here and nowhere else.
 */
export interface MaskStream {
  filter: "FlateDecode" | "CCITTFaxDecode";
  parms: Record<string, number | boolean>;
  bytes: Uint8Array;
}

/** Flate over the rows with PNG's "Up" predictor: the rows between text lines cost almost nothing. */
export async function encodeMask(mask: Bitmap1): Promise<MaskStream> {
  return {
    filter: "FlateDecode",
    parms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: mask.width },
    bytes: await deflate(filteredRows(mask)),
  };
}
