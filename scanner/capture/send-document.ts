import { assemblePdf } from "../pdf/assemble-pdf";
import { pdfWatermark, type ScannerSettings } from "../settings";
import type { ScannerConfig } from "../upload/config";
import type { ScanResult } from "../contract";
import { uploadPdf, type UploadHooks } from "../upload/upload-pdf";

/** A corrected page as the PDF needs it. */
export interface PageImage {
  page: Blob;
  width: number;
  height: number;
}

/** Builds the PDF from the pages in order and uploads it; resolves with the session's result. */
export async function sendDocument(
  cfg: ScannerConfig,
  settings: ScannerSettings,
  pages: PageImage[],
  hooks: UploadHooks & { onAssembled?(bytes: number): void },
): Promise<ScanResult> {
  const inputs = await Promise.all(
    pages.map(async (p) => ({ jpeg: new Uint8Array(await p.page.arrayBuffer()), width: p.width, height: p.height })),
  );
  const pdf = await assemblePdf(inputs, {
    now: new Date(),
    watermark: pdfWatermark(settings),
    title: settings.theme.brandName,
  });
  hooks.onAssembled?.(pdf.length);
  const blob = new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
  return uploadPdf(cfg, blob, pages.length, hooks);
}
