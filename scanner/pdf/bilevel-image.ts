import { PDFName, PDFRawStream, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage } from "pdf-lib";
import { readBilevelPng, type BilevelPngData } from "../encode/png-bilevel";

/**
 * Draws a 1-bit PNG over the whole page box. pdf-lib's own PNG embedding decodes the
 * image and stores it again as 8-bit RGB; a bilevel page is better kept as it is, one bit
 * a pixel, no re-encoding: the PNG's G4 stream when it carries one (the worker keeps it
 * only when it is the smaller), else its zlib stream.
 */
export function embedBilevelPng(doc: PDFDocument, page: PDFPage, png: Uint8Array, box: { width: number; height: number }): void {
  const data = readBilevelPng(png);
  const dict = doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: data.width,
    Height: data.height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 1,
    ...streamFilter(data),
  });
  const ref = doc.context.register(PDFRawStream.of(dict, data.fax ?? data.zlib));
  const name: PDFName = page.node.newXObject("Page", ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, 0, 0), drawObject(name), popGraphicsState());
}

/**
 * How the reader decodes the stream (PDF 32000-1, 7.4.4 and 7.4.6). G4 is /K -1; /BlackIs1
 * false (the default, said for readers that guess) maps the code's white to 1, the bitmap's
 * white. The zlib stream is the PNG's own, so the PNG predictor undoes its row filters.
 */
function streamFilter({ width, height, fax }: BilevelPngData) {
  return fax
    ? { Filter: "CCITTFaxDecode", DecodeParms: { K: -1, Columns: width, Rows: height, BlackIs1: false } }
    : { Filter: "FlateDecode", DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: width } };
}
