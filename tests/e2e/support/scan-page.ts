import type { Browser, BrowserContext, Page } from "playwright-core";
import { PDFDocument } from "pdf-lib";
import { readSession } from "./api";
import { MARKS } from "./synthetic-page";
import { findBlobs, renderPdf, type Raster } from "./pdf";

/** A phone-sized page (390×844, touch) in its own context; `prepare` runs on the context before the page opens (routes). */
export async function openPhonePage(browser: Browser, url: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** In the corner editor: keeps the page and waits for it in the page strip. */
export async function usePage(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Use this page" }).click();
  await page.waitForSelector(".ds-strip .ds-thumb img");
}

/** Sends the document, waits for the done screen, and downloads the session's PDF. */
export async function sendAndDownload(page: Page, secretKey: string, sessionId: string): Promise<Uint8Array> {
  await page.getByRole("button", { name: "Send document" }).click();
  await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });
  const read = await readSession(secretKey, sessionId);
  return fetchPdf(read.body.result.url);
}

/** Downloads a session's result file and checks it is a PDF. */
export async function fetchPdf(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`result download answered ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (Buffer.from(bytes.subarray(0, 5)).toString() !== "%PDF-") throw new Error("result is not a PDF");
  return bytes;
}

export async function pdfPageSizes(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return { count: doc.getPageCount(), sizes: doc.getPages().map((p) => p.getSize()), producer: doc.getProducer() };
}

const isBlack = ([r, g, b]: [number, number, number]) => r < 60 && g < 60 && b < 60;

/**
 * The black marks of the synthetic page as found in the rendered PDF page,
 * matched to MARKS by nearest position: each entry is [expected, found].
 */
export function locateMarks(r: Raster) {
  const blobs = findBlobs(r, isBlack, (r.width * r.height) / 2000);
  return MARKS.filter((m) => m.rgb[0] === 0).map((m) => {
    const near = blobs.reduce((best, b) => (Math.hypot(b.cx - m.cx, b.cy - m.cy) < Math.hypot(best.cx - m.cx, best.cy - m.cy) ? b : best), blobs[0]);
    return { name: m.name, expected: [m.cx, m.cy], found: near ? [near.cx, near.cy] : null, error: near ? Math.hypot(near.cx - m.cx, near.cy - m.cy) : Infinity };
  });
}

export { renderPdf };

/** Reads the camera view's detection rate and worker time per detection, once a second. */
export async function sampleDetectionRate(page: Page, seconds: number) {
  const out: { dps: number; ms: number }[] = [];
  for (let i = 0; i < seconds; i++) {
    await page.waitForTimeout(1000);
    out.push({
      dps: Number(await page.getAttribute(".ds-camera", "data-dps")),
      ms: Number(await page.getAttribute(".ds-camera", "data-detect-ms")),
    });
  }
  return out;
}
