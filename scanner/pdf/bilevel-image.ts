import { PDFName, PDFRawStream, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage } from "pdf-lib";
import { bilevelStream } from "../encode/mask-stream";

/**
 * Draws a 1-bit PNG over the whole page box. pdf-lib's own PNG embedding decodes the
 * image and stores it again as 8-bit RGB; a bilevel page is better kept as it is, one bit
 * a pixel, no re-encoding: the PNG's G4 stream when it carries one (the worker keeps it
 * only when it is the smaller), else its zlib stream.
 */
export function embedBilevelPng(doc: PDFDocument, page: PDFPage, png: Uint8Array, box: { width: number; height: number }): void {
  const stream = bilevelStream(png);
  const dict = doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: stream.width,
    Height: stream.height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 1,
    Filter: stream.filter,
    DecodeParms: stream.parms,
  });
  const ref = doc.context.register(PDFRawStream.of(dict, stream.bytes));
  const name: PDFName = page.node.newXObject("Page", ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, 0, 0), drawObject(name), popGraphicsState());
}
