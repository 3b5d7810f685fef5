import { PDFDocument, StandardFonts } from "pdf-lib";
import { pageBoxFor } from "./page-size";
import { drawWatermark, type WatermarkOptions } from "./watermark";

/** One corrected page as JPEG bytes with its pixel size. */
export interface PdfPageInput {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

export interface AssembleOptions {
  watermark?: WatermarkOptions | null;
  now: Date;
  title?: string;
}

export const PRODUCER = "docscan hosted scanner";

/**
 * Builds the session's PDF: one page per capture, each sized to the capture's
 * corrected aspect (A4 or Letter when close), the JPEG drawn edge to edge, the
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
  for (const p of pages) {
    const box = pageBoxFor(p.width, p.height);
    const page = doc.addPage([box.width, box.height]);
    // pdf-lib reads the bytes through the whole underlying buffer, so views need a copy.
    const image = await doc.embedJpg(p.jpeg.byteOffset ? new Uint8Array(p.jpeg) : p.jpeg);
    page.drawImage(image, { x: 0, y: 0, width: box.width, height: box.height });
    if (font && opt.watermark) drawWatermark(page, font, opt.watermark);
  }
  return doc.save({ useObjectStreams: true });
}
