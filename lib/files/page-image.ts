import { crc32 } from "node:zlib";
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

export interface PageImage {
  contentType: "image/jpeg" | "image/png";
  bytes: Uint8Array;
}

/**
 * The picture of page `n` (1-based) of a scanner-made PDF, as a browser can show it, without
 * rendering: each page is one image, either a JPEG (DCTDecode: its bytes are the file) or a
 * one-bit Flate image with PNG predictors (its bytes are a PNG's IDAT data, so a PNG header
 * around them is the file); a page with a JPEG /Thumb, that. Null when the page has none of
 * these (a PDF from elsewhere, a `bw` page stored as CCITT G4).
 * Vector marks drawn over the image (the watermark) are not in it.
 */
export async function pageImage(pdf: Uint8Array, n: number): Promise<PageImage | null> {
  const doc = await parsePdf(pdf);
  return doc && pictureOfPage(doc, n);
}

/** The parsed document, or null when it is not one pdf-lib can read. */
export function parsePdf(pdf: Uint8Array): Promise<PDFDocument | null> {
  return PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
}

/** `pageImage` of an already parsed document. */
export function pictureOfPage(doc: PDFDocument, n: number): PageImage | null {
  // The file is whatever the token holder uploaded (only its `%PDF-` head is checked): a
  // dictionary of the wrong type makes pdf-lib throw, and that page simply has no picture.
  try {
    return pictureOf(doc, n);
  } catch {
    return null;
  }
}

function pictureOf(doc: PDFDocument, n: number): PageImage | null {
  if (n < 1 || n > doc.getPageCount()) return null;
  const node = doc.getPage(n - 1).node;
  const thumb = thumbOf(doc, node);
  if (thumb) return thumb;
  const xobjects = node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  let best: { stream: PDFRawStream; area: number } | null = null;
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const area = num(stream.dict, "Width") * num(stream.dict, "Height");
    if (!best || area > best.area) best = { stream, area };
  }
  return best ? imageOf(best.stream) : null;
}

/**
 * The page's own thumbnail when it is a JPEG: the scanner keeps one on a page drawn in layers
 * (mixed raster content), where no single image is the page (the largest is its background,
 * without the text).
 */
function thumbOf(doc: PDFDocument, page: PDFDict): PageImage | null {
  const ref = page.get(PDFName.of("Thumb"));
  const stream = ref ? doc.context.lookup(ref) : null;
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Filter")) !== PDFName.of("DCTDecode")) return null;
  return { contentType: "image/jpeg", bytes: stream.contents };
}

function num(dict: PDFDict, key: string): number {
  const v = dict.get(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : 0;
}

function imageOf(stream: PDFRawStream): PageImage | null {
  const filter = stream.dict.get(PDFName.of("Filter"));
  if (filter === PDFName.of("DCTDecode")) return { contentType: "image/jpeg", bytes: stream.contents };
  const bits = num(stream.dict, "BitsPerComponent");
  const parms = stream.dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict);
  const gray = stream.dict.get(PDFName.of("ColorSpace")) === PDFName.of("DeviceGray");
  if (filter === PDFName.of("FlateDecode") && gray && bits === 1 && parms && num(parms, "Predictor") >= 10) {
    return { contentType: "image/png", bytes: pngOf(num(stream.dict, "Width"), num(stream.dict, "Height"), stream.contents) };
  }
  return null;
}

/** A one-bit greyscale PNG from already-deflated, already-filtered rows. */
function pngOf(width: number, height: number, idat: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.from(idat)), chunk("IEND", Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
