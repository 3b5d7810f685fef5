import type { Browser, Page } from "playwright-core";
import type { PageReport } from "@/scanner/contract";

/**
 * Records what the scanner sends with its upload, in the page: the multipart `report` field
 * (or a JSON body's `report`). XHR is patched before any script of the page runs, so the
 * request still goes out unchanged.
 */
const RECORD_UPLOADS = `(() => {
  const send = XMLHttpRequest.prototype.send;
  window.__docscanSent = [];
  XMLHttpRequest.prototype.send = function (body) {
    try {
      if (body instanceof FormData && body.has("file")) window.__docscanSent.push({ report: body.get("report") });
      else if (typeof body === "string" && body.startsWith("{")) window.__docscanSent.push({ report: JSON.stringify(JSON.parse(body).report ?? null) });
    } catch {}
    return send.call(this, body);
  };
})();`;

/** A phone-sized page (as openPhonePage) that records the reports its uploads carry. */
export async function openRecordingPhonePage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await context.addInitScript(RECORD_UPLOADS);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The page reports of the last upload, or null when it carried none. */
export async function sentReports(page: Page): Promise<PageReport[] | null> {
  const sent = await page.evaluate(() => (window as unknown as { __docscanSent: { report: string | null }[] }).__docscanSent);
  const last = sent.at(-1);
  return last?.report ? (JSON.parse(last.report) as PageReport[] | null) : null;
}

/** Red pixels and a digest of the editor's preview image, as the page shows it. */
export async function previewStats(page: Page): Promise<{ filter: string; red: number; digest: string; width: number; height: number }> {
  return page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>(".ds-preview-thumb img")!;
    const bytes = await (await fetch(img.src)).arrayBuffer();
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
    const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(bitmap, 0, 0);
    const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let red = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > d[i + 1] + 60 && d[i] > d[i + 2] + 60) red++;
    return { filter: img.dataset.filter ?? "", red, digest, width: bitmap.width, height: bitmap.height };
  });
}
