import { assemblePdf, type PdfPageInput } from "../pdf/assemble-pdf";
import type { StoredPage } from "../pages/page-store";
import { bilevelStream } from "../encode/mask-stream";
import { pdfWatermark, type ScannerSettings } from "../settings";
import type { ScannerConfig } from "../upload/config";
import type { PageReport, ScanResult } from "../contract";
import { uploadPdf, type UploadHooks } from "../upload/upload-pdf";
import { documentLanguage } from "../ocr/assets";
import type { PageReading } from "../ocr/reading-queue";

/** A corrected page as the PDF needs it, and its quality report. */
export type PageImage = Pick<StoredPage, "page" | "format" | "mrc" | "pdfThumb" | "width" | "height" | "report"> & {
  /** The page's text recognition, on sessions with `options.ocr`. */
  reading?: PageReading;
};

/**
 * Builds the PDF from the pages in order and uploads it with the pages' reports (all of
 * them, or none when a page kept by an older scanner has none); resolves with the result.
 */
export async function sendDocument(
  cfg: ScannerConfig,
  settings: ScannerSettings,
  pages: PageImage[],
  hooks: UploadHooks & { onAssembled?(bytes: number): void },
): Promise<ScanResult> {
  const inputs = await Promise.all(pages.map(pdfInput));
  const pdf = await assemblePdf(inputs, {
    now: new Date(),
    watermark: pdfWatermark(settings),
    title: settings.theme.brandName,
    lang: settings.options.ocr ? documentLanguage(settings.locale) : undefined,
  });
  hooks.onAssembled?.(pdf.length);
  const blob = new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
  const reports = pages.map((p) => (p.report && p.reading ? { ...p.report, ocr: p.reading.text } : p.report)).filter((r): r is PageReport => !!r);
  return uploadPdf(cfg, blob, pages.length, hooks, reports.length === pages.length ? reports : []);
}

/** The bytes the PDF draws: the page's image, or an `mrc` page's layers (its `page` is only a preview). */
export async function pdfInput(p: PageImage): Promise<PdfPageInput> {
  const bytes = async (b: Blob) => new Uint8Array(await b.arrayBuffer());
  const { width, height } = p, lines = p.reading?.read?.lines;
  if (p.format !== "mrc") return { bytes: await bytes(p.page), format: p.format, width, height, lines, ...(p.pdfThumb ? { thumb: await bytes(p.pdfThumb) } : {}) };
  if (!p.mrc) throw new Error("sendDocument: an mrc page without its layers");
  const { mask, background, foreground } = p.mrc;
  return {
    format: "mrc", width, height, lines,
    mrc: { mask: bilevelStream(await bytes(mask)), background: await bytes(background), foreground: await bytes(foreground), thumb: await bytes(p.page) },
  };
}
