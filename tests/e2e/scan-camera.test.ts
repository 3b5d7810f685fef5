import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, newTenant, readSession } from "./support/api";
import { launchChromium } from "./support/browser";
import { renderPagePhoto } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";
import { MAX_DETECTIONS_PER_SECOND } from "@/scanner/ui/use-detection-loop";
import { fetchPdf, locateMarks, openPhonePage, pdfPageSizes, renderPdf, sampleDetectionRate } from "./support/scan-page";

/** Counts the pages kept in the scanner's IndexedDB store (evaluated in the page). */
const COUNT_STORED_PAGES = `new Promise((resolve) => {
  const open = indexedDB.open("docscan-scanner");
  open.onsuccess = () => { const r = open.result.transaction("pages").objectStore("pages").count(); r.onsuccess = () => resolve(r.result); };
})`;

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
    const engine = page.waitForResponse((r) => /\/(docscan-detector\.[0-9a-f]+|turbopack-worker-[^/]+)\.js$/.test(r.url()));
    await page.getByLabel("Auto-capture").uncheck(); // until the rate is measured

    await page.waitForSelector('.ds-overlay[data-detected="true"]', { timeout: 30_000 });
    // the detector is a hashed chunk from our own origin, cached immutably
    const script = await engine;
    expect(new URL(script.url()).origin).toBe(new URL(session.scan_url).origin);
    expect(script.headers()["cache-control"]).toContain("immutable");
    expect(await page.getAttribute(".ds-camera", "data-engine")).toBe("ready");
    const samples = await sampleDetectionRate(page, 4);
    console.log(`[scanner] detections/s in headless Chromium (1 s windows): ${samples.map((s) => `${s.dps}/s @ ${s.ms} ms`).join(", ")}`);
    // Speed is the bench's (15/s on an idle core, docs/scanner.md); on CI's shared cores one
    // detection took up to 340 ms (3.2/s). Here: detection runs in the worker, over and over (at
    // least 2 in a 1 s window), and not faster than its cap: starts are 50 ms apart, but
    // detections take 15-80 ms, so a 1 s window can hold a few more ends than 20; unbounded, a
    // quiet machine ran 36-52/s.
    expect(Math.max(...samples.map((s) => s.dps))).toBeGreaterThanOrEqual(2);
    expect(Math.max(...samples.map((s) => s.dps))).toBeLessThanOrEqual(MAX_DETECTIONS_PER_SECOND * 1.25);
    if (shots) await page.screenshot({ path: path.join(shots, "live.png") });

    // auto-capture (on by default): a stable, sharp page opens the corner editor by itself
    await page.getByLabel("Auto-capture").check();
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

    const [raster] = await renderPdf(pdf, 50);
    for (const mark of locateMarks(raster)) expect(mark.error, `${mark.name} at ${mark.found}`).toBeLessThan(0.025);

    // the link is spent: opening it again says so in words
    await page.goto(session.scan_url);
    await expect.poll(() => page.textContent('[data-screen="error"]')).toContain("This document was already sent");
    await page.context().close();
  });

  it("applies locale, grayscale, watermark and maxPages; pages survive a reload; manual shutter", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey, {
      scanner: {
        locale: "de",
        options: { grayscale: true, maxPages: 2 },
        watermark: { enabled: true, text: "KOPIE", color: "#0000ff", opacity: 0.6, size: "lg" },
        completion: { message: "Danke, alles erledigt." },
      },
    });
    const page = await openPhonePage(browser, session.scan_url);
    await page.getByLabel("Automatische Aufnahme").uncheck();
    await page.waitForSelector('.ds-overlay[data-detected="true"]', { timeout: 30_000 });
    const takePage = async (n: number) => {
      await page.getByRole("button", { name: "Foto aufnehmen" }).click();
      await page.getByRole("button", { name: "Seite verwenden" }).click();
      await expect.poll(() => page.locator(".ds-strip .ds-thumb").count(), { timeout: 20_000 }).toBe(n);
    };
    // keyboard: Tab-reachable corner handles move with the arrow keys
    await page.getByRole("button", { name: "Foto aufnehmen" }).click();
    const handle = page.getByRole("button", { name: "Ecke oben links" });
    const left = async () => parseFloat((await handle.getAttribute("style"))!.match(/left: ([\d.]+)%/)![1]);
    const before = await left();
    await handle.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    expect(await left()).toBeCloseTo(before + 2, 1);
    await page.getByRole("button", { name: "Neu aufnehmen" }).click();
    await takePage(1);

    await page.reload();
    await expect.poll(() => page.locator(".ds-strip .ds-thumb").count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel("Automatische Aufnahme").uncheck();
    await page.waitForSelector('.ds-overlay[data-detected="true"]', { timeout: 30_000 });
    await takePage(2);
    expect(await page.getByRole("button", { name: "Foto aufnehmen" }).isDisabled()).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, "de-two-pages.png") });

    await page.getByRole("button", { name: "Dokument senden" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });
    expect(await page.textContent('[data-screen="done"]')).toContain("Danke, alles erledigt.");

    const read = await readSession(tenant.secretKey, session.id);
    const pdf = await fetchPdf(read.body.result.url);
    console.log(`[scanner] two-page grayscale PDF: ${pdf.length} bytes`);
    expect((await pdfPageSizes(pdf)).count).toBe(2);
    for (const raster of await renderPdf(pdf, 40)) {
      let red = 0, blue = 0;
      for (let i = 0; i < raster.data.length; i += 4) {
        const [r, g, b] = [raster.data[i], raster.data[i + 1], raster.data[i + 2]];
        if (r > g + 60 && r > b + 60) red++;
        if (b > r + 60 && b > g + 60) blue++;
      }
      expect(red, "the red mark is grey in a grayscale scan").toBe(0);
      expect(blue, "the blue watermark is drawn").toBeGreaterThan(200);
    }
    await page.context().close();
  });

  it("keeps memory flat over 22 pages (bitmaps and canvases released, pages in IndexedDB)", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey, { scanner: { options: { maxPages: 22 } } });
    const page = await openPhonePage(browser, session.scan_url);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const heapMb = async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m: { name: string }) => m.name === "JSHeapUsedSize")!.value / 2 ** 20;
    };
    await page.getByLabel("Auto-capture").uncheck();
    await page.waitForSelector('.ds-overlay[data-detected="true"]', { timeout: 30_000 });
    const heaps: number[] = [];
    const t0 = Date.now();
    for (let n = 1; n <= 22; n++) {
      await page.getByRole("button", { name: "Take photo" }).click();
      await page.getByRole("button", { name: "Use this page" }).click();
      await expect.poll(() => page.locator(".ds-strip .ds-thumb").count(), { timeout: 20_000 }).toBe(n);
      if (n === 4 || n === 22) heaps.push(await heapMb());
    }
    console.log(`[scanner] 22 pages captured and cropped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`[scanner] JS heap after 4 pages ${heaps[0].toFixed(1)} MB, after 22 pages ${heaps[1].toFixed(1)} MB`);
    expect(heaps[1] - heaps[0]).toBeLessThan(8);
    const stored = await page.evaluate(COUNT_STORED_PAGES);
    expect(stored).toBe(22);
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 60_000 });
    const read = await readSession(tenant.secretKey, session.id);
    expect(read.body.result.page_count).toBe(22);
    expect((await pdfPageSizes(await fetchPdf(read.body.result.url))).count).toBe(22);
    // freed after the upload
    expect(await page.evaluate(COUNT_STORED_PAGES)).toBe(0);
    await page.context().close();
    // 22 real captures: about 60 s on an idle 2-core machine, 205 s measured under heavy load.
  }, 300_000);
});
