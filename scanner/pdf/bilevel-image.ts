import { PDFName, PDFRawStream, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage } from "pdf-lib";
import { readBilevelPng } from "../encode/png-bilevel";

/**
 * Draws a 1-bit PNG over the whole page box. pdf-lib's own PNG embedding decodes the
 * image and stores it again as 8-bit RGB; a bilevel page is better kept as it is: the
 * PNG's zlib stream becomes the image's Flate stream, with the PNG predictor telling the
 * reader how the rows were filtered (PDF 32000-1, 7.4.4.4). One bit a pixel, no re-encoding.
 */
export function embedBilevelPng(doc: PDFDocument, page: PDFPage, png: Uint8Array, box: { width: number; height: number }): void {
  const { width, height, zlib } = readBilevelPng(png);
  const dict = doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 1,
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: width },
  });
  const ref = doc.context.register(PDFRawStream.of(dict, zlib));
  const name: PDFName = page.node.newXObject("Page", ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, 0, 0), drawObject(name), popGraphicsState());
}
