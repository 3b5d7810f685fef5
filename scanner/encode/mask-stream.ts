import { readBilevelPng } from "./png-bilevel";

/**
 * A 1-bit image as a PDF stream: its bytes and the filter (with its parameters) a reader
 * needs to decode them, and its size.
 */
export interface MaskStream {
  filter: "FlateDecode" | "CCITTFaxDecode";
  parms: Record<string, number | boolean>;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * The stream of a 1-bit PNG the worker wrote (`encodeBilevelPage`): its CCITT G4 when it
 * carries one (kept only when smaller than the zlib stream), else the PNG's own zlib stream,
 * whose row filters the PNG predictor undoes. Nothing is re-encoded. For G4, /BlackIs1 false
 * (the default, said for readers that guess) maps the code's white to 1, the bitmap's white.
 */
export function bilevelStream(png: Uint8Array): MaskStream {
  const { width, height, zlib, fax } = readBilevelPng(png);
  return fax
    ? { filter: "CCITTFaxDecode", parms: { K: -1, Columns: width, Rows: height, BlackIs1: false }, bytes: fax, width, height }
    : { filter: "FlateDecode", parms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: width }, bytes: zlib, width, height };
}
