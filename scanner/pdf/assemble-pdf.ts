import { PDFDocument, StandardFonts } from "pdf-lib";
import { pageBoxFor } from "./page-size";
import { drawWatermark, type WatermarkOptions } from "./watermark";
import { embedBilevelPng } from "./bilevel-image";
import { embedMrc, setPageThumb, type MrcPdfParts } from "./mrc-image";
import type { ReadLine } from "../ocr/page-words";
import { drawTextLayer, setDocumentLanguage } from "./text-layer";

/**
 * One corrected page with its pixel size: a JPEG (colour or one-channel grey), a 1-bit PNG
 * for a `bw` page, or the layers of a mixed-raster page.
 */
/** Recognised lines in the image's pixels, laid over it as invisible text (docs/ocr.md). */
type Read = { lines?: ReadLine[] };
export type PdfPageInput =
  | ({ bytes: Uint8Array; format: "jpeg" | "png"; width: number; height: number; /** JPEG, the page's /Thumb. */ thumb?: Uint8Array } & Read)
  | ({ format: "mrc"; mrc: MrcPdfParts; width: number; height: number } & Read);

export interface AssembleOptions {
  watermark?: WatermarkOptions | null;
  now: Date;
  title?: string;
  /** The document's language (`/Lang`), set when its pages carry recognised text. */
  lang?: string;
}

export const PRODUCER = "docscan hosted scanner";

/**
 * Builds the session's PDF: one page per capture, each sized to the capture's
 * corrected aspect (A4 or Letter when close), the image drawn edge to edge, the
 * watermark over it, and producer and creation date set. Pure, so it runs the
 * same in the browser and in Node tests.
 */
export async function assemblePdf(pages: PdfPageInput[], opt: AssembleOptions): Promise<Uint8Array> {
  if (pages.length === 0) throw new Error("assemblePdf: no pages");
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(opt.now);
  doc.setModificationDate(opt.now);
  if (opt.title) doc.setTitle(opt.title);
  const font = opt.watermark ? await doc.embedFont(StandardFonts.HelveticaBold) : null;
  if (opt.lang) setDocumentLanguage(doc, opt.lang);
  const textFont = pages.some((p) => p.lines?.length) ? await doc.embedFont(StandardFonts.Helvetica) : null;
  for (const p of pages) {
    const box = pageBoxFor(p.width, p.height);
    const page = doc.addPage([box.width, box.height]);
    if (p.format === "mrc") await embedMrc(doc, page, p.mrc, box);
    else if (p.format === "png") {
      embedBilevelPng(doc, page, p.bytes, box);
      if (p.thumb) await setPageThumb(doc, page, p.thumb);
    }
    else {
      // pdf-lib reads the bytes through the whole underlying buffer, so views need a copy.
      const image = await doc.embedJpg(p.bytes.byteOffset ? new Uint8Array(p.bytes) : p.bytes);
      page.drawImage(image, { x: 0, y: 0, width: box.width, height: box.height });
    }
    // Under the watermark, so a reader's selection follows the page's words, not the stamp.
    if (textFont && p.lines?.length) drawTextLayer(page, textFont, p.lines, p.width, p.height, box);
    if (font && opt.watermark) drawWatermark(page, font, opt.watermark);
  }
  return doc.save({ useObjectStreams: true });
}
