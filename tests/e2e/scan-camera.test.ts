import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, newTenant, readSession } from "./support/api";
import { launchChromium } from "./support/browser";
import { renderPagePhoto } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";
import { fetchPdf, locateMarks, openPhonePage, pdfPageSizes, renderPdf, sampleDetectionRate } from "./support/scan-page";

const work = mkdtempSync(path.join(tmpdir(), "scan-e2e-"));
const shots = process.env.SCAN_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  const video = path.join(work, "page.y4m");
  writeY4m(video, renderPagePhoto());
  browser = await launchChromium({ fakeVideoFile: video });
});
afterAll(async () => browser?.close());

describe("hosted scanner with a camera", () => {
  it("detects the page live, auto-captures, uploads, and the PDF shows the page deskewed", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey);
    const page = await openPhonePage(browser, session.scan_url);

    await page.waitForSelector('.ds-overlay[data-detected="true"]', { timeout: 30_000 });
    const samples = await sampleDetectionRate(page, 4);
    console.log(`[scanner] detections/s in headless Chromium (1 s windows): ${samples.map((s) => `${s.dps}/s @ ${s.ms} ms`).join(", ")}`);
    // The machine running the suite is shared; 15/s is the target on an idle core (docs/scanner.md).
    // Here: detection keeps running continuously in the worker, never stalling.
    expect(Math.max(...samples.map((s) => s.dps))).toBeGreaterThanOrEqual(5);
    if (shots) await page.screenshot({ path: path.join(shots, "live.png") });

    // auto-capture is on by default: a stable, sharp page opens the corner editor by itself
    await page.waitForSelector(".ds-adjust", { timeout: 20_000 });
    if (shots) await page.screenshot({ path: path.join(shots, "adjust.png") });
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.waitForSelector(".ds-strip .ds-thumb img");
    if (shots) await page.screenshot({ path: path.join(shots, "strip.png") });
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });
    if (shots) await page.screenshot({ path: path.join(shots, "done.png") });

    const read = await readSession(tenant.secretKey, session.id);
    expect(["completed", "delivered"]).toContain(read.body.status);
    expect(read.body.result.page_count).toBe(1);
    const pdf = await fetchPdf(read.body.result.url);
    console.log(`[scanner] one-page PDF: ${pdf.length} bytes`);
    const info = await pdfPageSizes(pdf);
    expect(info.count).toBe(1);
    expect(info.sizes[0].height / info.sizes[0].width).toBeCloseTo(297 / 210, 2);

    const [raster] = renderPdf(pdf, 50);
    for (const mark of locateMarks(raster)) expect(mark.error, `${mark.name} at ${mark.found}`).toBeLessThan(0.025);
  });
});
