/**
 * Document-grade pages in the browser: the capture prompts on a blurred and on a dark camera,
 * the filter choice with its live preview, and the page report the scanner sends and the
 * service returns as `result.pages`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { createSession, newTenant, readSession } from "./support/api";
import { pdfImageList } from "../support/pdf-check";
import { launchChromium } from "./support/browser";
import { blurred, dimmed } from "./support/degrade";
import { fetchPdf, pdfPageSizes, renderPdf } from "./support/scan-page";
import { openRecordingPhonePage, previewStats, sentReports } from "./support/sent-report";
import { renderPagePhoto, type Photo } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";

const work = mkdtempSync(path.join(tmpdir(), "scan-quality-"));
const shots = process.env.SCAN_SCREENSHOTS_DIR;
// Chromium's fake camera reads the Y4M as studio-range video, which stretches the synthetic
// paper (luma 245) to pure white. At 85 % the paper stays below clipping, as a well-exposed
// camera's would, so the measures the tests compare are those of a real page.
const exposed = () => dimmed(renderPagePhoto(), 0.85);
let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A browser whose fake camera plays `photo`, and a fresh session's scanner page in it. */
async function scannerOn(photo: Photo, name: string) {
  const video = path.join(work, `${name}.y4m`);
  writeY4m(video, photo);
  browser = await launchChromium({ fakeVideoFile: video });
  const tenant = await newTenant();
  const session = await createSession(tenant.secretKey);
  const page = await openRecordingPhonePage(browser, session.scan_url);
  return { tenant, session, page };
}

/** Manual shutter once the detector has loaded, then the editor's first measured preview. */
async function shootAndMeasure(page: Page) {
  await page.getByLabel("Auto-capture").uncheck();
  await page.waitForSelector('.ds-camera[data-engine="ready"]', { timeout: 30_000 });
  await page.getByRole("button", { name: "Take photo" }).click();
  await page.waitForSelector('.ds-adjust[data-measured="true"]', { timeout: 30_000 });
}

/** Sends the document and reads the session back. */
async function send(page: Page, secretKey: string, id: string) {
  await page.getByRole("button", { name: "Send document" }).click();
  await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });
  return (await readSession(secretKey, id)).body;
}

describe("capture prompts", () => {
  it("a blurred camera: 'Hold steady and retake', Retake first; kept anyway, the page reports blurry", async () => {
    const { tenant, session, page } = await scannerOn(blurred(exposed(), 4), "blurred");
    await shootAndMeasure(page);
    const prompt = page.locator(".ds-prompt[role=alert]");
    await expect.poll(() => prompt.textContent()).toContain("Hold steady and retake");
    expect(await page.getAttribute(".ds-prompt", "data-warnings")).toContain("blurry");
    // Retake is the obvious action; "Use this page" is still there
    expect(await page.getByRole("button", { name: "Retake" }).getAttribute("class")).toContain("ds-btn-primary");
    if (shots) await page.screenshot({ path: path.join(shots, "prompt-blurry.png") });
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.waitForSelector(".ds-strip .ds-thumb img");
    const read = await send(page, tenant.secretKey, session.id);

    const [report] = (await sentReports(page))!;
    console.log(`[scanner] blurred page report: ${JSON.stringify(report)}`);
    expect(report.warnings).toEqual(["blurry"]);
    expect(report).toMatchObject({ source: "camera", filter: "auto" });
    expect(report.sharpness).toBeLessThan(0.15);
    // the service keeps what the scanner sent, as `result.pages`
    expect(read.result.pages).toEqual([report]);
    await page.context().close();
  });

  it("a dark camera: 'Too dark: turn on the light'", async () => {
    const { page } = await scannerOn(dimmed(renderPagePhoto(), 0.12), "dark");
    await shootAndMeasure(page);
    await expect.poll(() => page.locator(".ds-prompt[role=alert]").textContent()).toContain("Too dark: turn on the light");
    expect(await page.getAttribute(".ds-prompt", "data-warnings")).toContain("dark");
    if (shots) await page.screenshot({ path: path.join(shots, "prompt-dark.png") });
    // Retake goes back to the camera
    await page.getByRole("button", { name: "Retake" }).click();
    await page.waitForSelector(".ds-camera:not([hidden])");
    await page.context().close();
  });
});

describe("filter choice", () => {
  it("switching the filter changes the preview; the page is saved, re-opened and sent with it", async () => {
    const { tenant, session, page } = await scannerOn(exposed(), "sharp");
    // auto-capture (on by default) opens the editor; a sharp, bright page has no prompt
    await page.waitForSelector('.ds-adjust[data-measured="true"]', { timeout: 45_000 });
    console.log(`[scanner] capture still: ${await page.getAttribute(".ds-camera", "data-still")}`);
    console.log(`[scanner] sharp page prompts: ${await page.locator(".ds-prompt").getAttribute("data-warnings", { timeout: 1000 }).catch(() => "none")}`);
    expect(await page.locator(".ds-prompt").count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Auto" }).isChecked()).toBe(true);
    await page.waitForSelector('.ds-preview-thumb img[data-filter="auto"]');
    const auto = await previewStats(page);
    expect(Math.max(auto.width, auto.height)).toBeLessThanOrEqual(720);
    expect(auto.red, "the red mark stays red in auto").toBeGreaterThan(50);

    await page.getByRole("radio", { name: "Grey" }).check();
    await page.waitForSelector('.ds-preview-thumb img[data-filter="grayscale"]', { timeout: 15_000 });
    const grey = await previewStats(page);
    expect(grey.digest).not.toBe(auto.digest);
    expect(grey.red, "no red left in grey").toBe(0);
    // the preview, full size over the still, and back to the corners
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("img", { name: "Straightened page with the chosen filter" }).waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, "preview-grey.png") });
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.waitForSelector(".ds-strip .ds-thumb img");

    // re-opening the page restores its filter
    await page.getByRole("button", { name: "Page 1", exact: true }).click();
    expect(await page.getByRole("radio", { name: "Grey" }).isChecked()).toBe(true);
    expect(await page.locator(".ds-prompt").count()).toBe(0);
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.waitForSelector(".ds-strip .ds-thumb img");
    const read = await send(page, tenant.secretKey, session.id);

    const [report] = (await sentReports(page))!;
    console.log(`[scanner] grey page report: ${JSON.stringify(report)}`);
    expect(report).toMatchObject({ filter: "grayscale", source: "camera", corners: "detected", warnings: [] });
    expect(report.confidence).toBeGreaterThan(0.5);
    expect(report.dpi).toBeGreaterThan(50);
    expect(read.result.pages).toEqual([report]);
    const pdf = await fetchPdf(read.result.url);
    expect((await pdfPageSizes(pdf)).count).toBe(1);
    const [raster] = await renderPdf(pdf, 40);
    let red = 0;
    for (let i = 0; i < raster.data.length; i += 4) if (raster.data[i] > raster.data[i + 1] + 60 && raster.data[i] > raster.data[i + 2] + 60) red++;
    expect(red, "the PDF page is grey").toBe(0);
    await page.context().close();
  });
});

describe("keeping a page", () => {
  it("the page is in the strip at once with its preview; Send right away waits for the full page", async () => {
    const { tenant, session, page } = await scannerOn(exposed(), "kept");
    await page.waitForSelector('.ds-adjust[data-measured="true"]', { timeout: 45_000 });
    await page.waitForSelector('.ds-preview-thumb img[data-filter="auto"]');
    // Records whether the strip ever showed the page while it was still being made.
    await page.evaluate(() => {
      const seen = window as unknown as { __pendingSeen: boolean };
      seen.__pendingSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.ds-strip .ds-thumb[aria-busy="true"] img')) seen.__pendingSeen = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __pendingSeen: boolean }).__pendingSeen)).toBe(true);

    const read = (await readSession(tenant.secretKey, session.id)).body;
    const [report] = (await sentReports(page))!;
    expect(read.result.pages).toEqual([report]);
    const pdf = await fetchPdf(read.result.url);
    expect((await pdfPageSizes(pdf)).count).toBe(1);
    // the PDF holds the full page, not the editor's preview (720 px on its long side)
    const [{ width, height }] = await pdfImageList(pdf);
    expect(Math.max(width, height)).toBeGreaterThan(720);
    await page.context().close();
  });

  it("a reload while the kept page is still being made makes it again: it is in the strip and in the PDF", async () => {
    const { tenant, session, page } = await scannerOn(exposed(), "reloaded");
    await page.waitForSelector('.ds-adjust[data-measured="true"]', { timeout: 45_000 });
    await page.waitForSelector('.ds-preview-thumb img[data-filter="auto"]');
    // A slow phone: the full page takes long enough to reload while it is being made.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.waitForSelector('.ds-strip .ds-thumb[aria-busy="true"] img');
    await page.reload();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // The camera still sees the page: without this, an auto-capture could open the editor
    // over the strip before Send is pressed.
    await page.getByLabel("Auto-capture").uncheck();
    await expect.poll(() => page.locator(".ds-strip .ds-thumb").count(), { timeout: 30_000 }).toBe(1);
    await page.waitForSelector('.ds-strip .ds-thumb:not([aria-busy]) img', { timeout: 60_000 });
    const read = await send(page, tenant.secretKey, session.id);
    expect(read.result.pages).toHaveLength(1);
    expect(read.result.pages[0]).toMatchObject({ filter: "auto", source: "camera" });
    const [image] = await pdfImageList(await fetchPdf(read.result.url));
    expect(Math.max(image.width, image.height)).toBeGreaterThan(720);
    await page.context().close();
  });
});
