import { JpegEmbedder, PDFName, PDFRawStream, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage, type PDFRef } from "pdf-lib";
import type { MaskStream } from "../encode/mask-stream";

/** An MRC page's parts as the PDF needs them (`scanner/encode/mrc.ts`). */
export interface MrcPdfParts {
  /** The ink at the page's resolution, 0 = ink. */
  mask: MaskStream;
  /** JPEGs, colour or one-channel: the page without its ink, and the ink's colour. */
  background: Uint8Array;
  foreground: Uint8Array;
  /**
   * A small JPEG of the whole page, kept as the page's /Thumb (PDF 32000-1, 12.3.4): no other
   * image of an MRC page shows the page alone, and the console shows this one as its picture.
   */
  thumb?: Uint8Array;
}

/**
 * Draws an MRC page over the whole page box: the background image, then the foreground
 * image through the 1-bit mask as its explicit /Mask (PDF 32000-1, 8.9.6.3), so the
 * foreground's colour shows only where the ink is. Image and mask each fill the same unit
 * square, so they may (and do) have different resolutions. With the default /Decode the mask's 0
 * samples (ink) let the foreground through.
 */
export async function embedMrc(doc: PDFDocument, page: PDFPage, parts: MrcPdfParts, box: { width: number; height: number }): Promise<void> {
  const maskRef = doc.context.register(PDFRawStream.of(doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: parts.mask.width,
    Height: parts.mask.height,
    ImageMask: true,
    BitsPerComponent: 1,
    Filter: parts.mask.filter,
    DecodeParms: parts.mask.parms,
  }), parts.mask.bytes));
  const background = await jpegImage(doc, parts.background, null);
  const foreground = await jpegImage(doc, parts.foreground, maskRef);
  const bg: PDFName = page.node.newXObject("Bg", background), fg: PDFName = page.node.newXObject("Fg", foreground);
  if (parts.thumb) await setPageThumb(doc, page, parts.thumb);
  page.pushOperators(
    pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, 0, 0), drawObject(bg), drawObject(fg), popGraphicsState(),
  );
}

/** A JPEG as the page's thumbnail (PDF 32000-1, 12.3.4), which the console shows as the page's picture. */
export async function setPageThumb(doc: PDFDocument, page: PDFPage, jpeg: Uint8Array): Promise<void> {
  page.node.set(PDFName.of("Thumb"), await jpegImage(doc, jpeg, null));
}

// A JPEG as an image XObject, smoothed when scaled up (both layers are at a lower resolution than the page).
async function jpegImage(doc: PDFDocument, bytes: Uint8Array, mask: PDFRef | null): Promise<PDFRef> {
  // pdf-lib reads the bytes through the whole underlying buffer, so views need a copy.
  const own = bytes.byteOffset ? new Uint8Array(bytes) : bytes;
  const jpeg = await JpegEmbedder.for(own);
  const dict = doc.context.obj({
    Type: "XObject",
    Subtype: "Image",
    Width: jpeg.width,
    Height: jpeg.height,
    ColorSpace: jpeg.colorSpace,
    BitsPerComponent: jpeg.bitsPerComponent,
    Filter: "DCTDecode",
    Interpolate: true,
  });
  if (mask) dict.set(PDFName.of("Mask"), mask);
  return doc.context.register(PDFRawStream.of(dict, own));
}
