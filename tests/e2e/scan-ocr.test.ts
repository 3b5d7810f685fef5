/**
 * A searchable PDF end to end: a printed page under uneven light plays as the fake camera, the
 * scanner (options.ocr on) captures and reads it, and the delivered PDF's own text layer finds
 * the page's words where they are printed; the session read carries the page's text.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderFrame } from "../../bench/pages/camera";
import { launchPrinter } from "../../bench/pages/flat";
import { PAGE_H, PAGE_W } from "../../bench/pages/layout";
import { createSession, newTenant, readSession } from "./support/api";
import { expectSoundPdf, pdfWords } from "../support/pdf-check";
import { launchChromium } from "./support/browser";
import { fetchPdf, openPhonePage, pdfPageSizes } from "./support/scan-page";
import { writeY4m } from "./support/y4m";

const work = mkdtempSync(path.join(tmpdir(), "scan-ocr-"));
const TARGET = "Lighthouse";
// A letter in 16 pt type: large enough that a phone photo of it reads cleanly, words nobody tuned on.
const HTML = `<!doctype html><html><head><style>
  html, body { margin: 0; background: #fff; }
  .page { width: ${PAGE_W}px; height: ${PAGE_H}px; box-sizing: border-box; padding: 260px 220px; font: 44px/1.5 "DejaVu Serif", serif; color: #111; }
  h1 { font-size: 72px; margin: 0 0 60px; }
</style></head><body><div class="page">
  <h1>Harbour <span id="target">${TARGET}</span> Trust</h1>
  <p>Dear member, the annual meeting will take place on the second Tuesday of March in the old boat house by the pier.</p>
  <p>Please bring your membership card and a copy of this letter. Coffee and biscuits will be served after the reports.</p>
</div></body></html>`;

interface Printed { flat: { width: number; height: number; data: Uint8Array }; target: [number, number, number, number] }

/** The page printed at A4 200 dpi, and where the target word is on it (fractions of the page). */
async function printPage(): Promise<Printed> {
  const printer = await launchPrinter();
  try {
    const page = await (await printer.newContext({ viewport: { width: PAGE_W, height: PAGE_H }, deviceScaleFactor: 1 })).newPage();
    await page.setContent(HTML, { waitUntil: "load" });
    const r = (await page.evaluate(`(async () => { await document.fonts.ready; const r = document.getElementById("target").getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)) as number[];
    const png = PNG.sync.read(await page.screenshot({ clip: { x: 0, y: 0, width: PAGE_W, height: PAGE_H }, type: "png" }));
    return { flat: { width: png.width, height: png.height, data: new Uint8Array(png.data) }, target: [r[0] / PAGE_W, r[1] / PAGE_H, r[2] / PAGE_W, r[3] / PAGE_H] };
  } finally {
    await printer.close();
  }
}

let browser: Browser | undefined;
let printed: Printed;
beforeAll(async () => {
  printed = await printPage();
});
afterAll(async () => {
  await browser?.close();
});

describe("searchable PDF", () => {
  it("options.ocr: the PDF's text layer holds the page's words over the printed ones; result.pages carries the text", async () => {
    // Light falling from bright to dim across the page, warm, a little blur and noise: a desk at home.
    const frame = renderFrame(printed.flat, { camera: [1080, 1920], view: { tiltX: 12, tiltY: -5, roll: 2, distance: 420, focal: 1000 }, fill: 0.86, offset: [0, 0], desk: "wood" },
      { from: 0.95, to: 0.6, angle: 30, cast: [1, 0.93, 0.8], vignette: 0.2, blur: 0.8, noise: 3 }, 4243);
    const video = path.join(work, "letter.y4m");
    writeY4m(video, frame);
    browser = await launchChromium({ fakeVideoFile: video });
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey, { scanner: { options: { ocr: true } } });
    const page = await openPhonePage(browser, session.scan_url);
    const engineFiles: string[] = [];
    page.on("request", (r) => { if (r.url().includes("/scan/ocr/")) engineFiles.push(new URL(r.url()).pathname); });

    await page.getByLabel("Auto-capture").uncheck();
    await page.waitForSelector('.ds-camera[data-engine="ready"]', { timeout: 60_000 });
    await page.getByRole("button", { name: "Take photo" }).click();
    await page.getByRole("button", { name: "Use this page" }).click({ timeout: 60_000 });
    // The page is read while the person could capture the next; sending waits for it here only
    // so that this test does not depend on how fast the machine is.
    await page.waitForSelector('.ds-strip[data-reading="0"]', { timeout: 240_000 });
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 60_000 });

    // Everything the engine needed came from our own origin.
    expect(engineFiles).toEqual(expect.arrayContaining([expect.stringMatching(/tesseract\.esm\.min\.js$/), expect.stringMatching(/worker\.min\.js$/), expect.stringMatching(/lang\/eng\.traineddata\.gz$/)]));

    const read = (await readSession(tenant.secretKey, session.id)).body;
    const ocr = read.result.pages[0].ocr;
    expect(ocr).toMatchObject({ status: "done", truncated: false });
    expect(ocr.text).toContain(TARGET);
    expect(ocr.text).toContain("membership");
    expect(ocr.confidence).toBeGreaterThan(0.5);

    const bytes = await fetchPdf(read.result.url);
    await expectSoundPdf(bytes);
    const words = await pdfWords(bytes, 1);
    const [size] = (await pdfPageSizes(bytes)).sizes;
    const hit = words.find((w) => w.text === TARGET);
    expect(hit, words.map((w) => w.text).join(" ")).toBeDefined();
    // Where the search hit is, as fractions of the page, against where the word is printed:
    // within 2 % of the page (the scanner's crop follows its own corner detection).
    const [x0, y0, x1, y1] = hit!.box;
    const got = [x0 / size.width, y0 / size.height, x1 / size.width, y1 / size.height];
    for (const [i, edge] of ["left", "top", "right", "bottom"].entries()) expect(Math.abs(got[i] - printed.target[i]), `${edge}: ${got[i]} vs ${printed.target[i]}`).toBeLessThan(0.02);
    await page.context().close();
  });
});
