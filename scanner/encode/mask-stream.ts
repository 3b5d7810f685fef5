import { encodeG4 } from "./ccitt-g4";
import { deflate, filteredRows, type Bitmap1 } from "./png-bilevel";

/**
 * A 1-bit mask as a PDF stream: its bytes and the filter (with its parameters) a reader
 * needs to decode them. The one place that decides how masks are compressed.
 */
export interface MaskStream {
  filter: "FlateDecode" | "CCITTFaxDecode";
  parms: Record<string, number | boolean>;
  bytes: Uint8Array;
}

/**
 * CCITT G4 when it is the smaller, else Flate over the rows with PNG's "Up" predictor: G4
 * suits text (on the bench's `bw` pages it took 55-72 % of deflate's bytes) but codes
 * pixel noise worse than deflate, as `bw` pages do (docs/filters.md). /BlackIs1 false maps
 * the code's white to 1, the mask's paper, so both streams decode to the same samples.
 */
export async function encodeMask(mask: Bitmap1): Promise<MaskStream> {
  const zlib = await deflate(filteredRows(mask)), fax = encodeG4(mask);
  if (fax.length < zlib.length) {
    return { filter: "CCITTFaxDecode", parms: { K: -1, Columns: mask.width, Rows: mask.height, BlackIs1: false }, bytes: fax };
  }
  return { filter: "FlateDecode", parms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: mask.width }, bytes: zlib };
}
