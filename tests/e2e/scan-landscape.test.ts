import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, newTenant } from "./support/api";
import { launchChromium } from "./support/browser";
import { projectA4, renderPagePhoto } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";
import { locateMarks, openPhonePage, pdfPageSizes, renderPdf, sendAndDownload, usePage } from "./support/scan-page";
import type { Raster } from "./support/pdf";

// A landscape camera (1280×720) looking at an A4 page, on a phone held upright and then sideways.
const FRAME = { width: 1280, height: 720 };
const work = mkdtempSync(path.join(tmpdir(), "scan-landscape-"));
const shots = process.env.SCAN_SCREENSHOTS_DIR ?? path.join(work, "shots");
mkdirSync(shots, { recursive: true });
let browser: Browser;

beforeAll(async () => {
  const video = path.join(work, "landscape.y4m");
  const corners = projectA4(FRAME.width, FRAME.height, { tiltX: 18, tiltY: 10, roll: -4, distance: 480, focal: 1000 });
  writeY4m(video, renderPagePhoto(FRAME.width, FRAME.height, corners));
  browser = await launchChromium({ fakeVideoFile: video });
});
afterAll(async () => browser?.close());

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** Mean luminance of the outermost row or column on each side of a raster. */
function edgeLuma(r: Raster): number[] {
  const lum = (x: number, y: number) => { const i = (y * r.width + x) * 4; return 0.299 * r.data[i] + 0.587 * r.data[i + 1] + 0.114 * r.data[i + 2]; };
  const mean = (pts: [number, number][]) => pts.reduce((s, [x, y]) => s + lum(x, y), 0) / pts.length;
  const row = (y: number) => Array.from({ length: r.width }, (_, x) => [x, y] as [number, number]);
  const col = (x: number) => Array.from({ length: r.height }, (_, y) => [x, y] as [number, number]);
  return [mean(row(0)), mean(row(r.height - 1)), mean(col(0)), mean(col(r.width - 1))];
}

describe("hosted scanner, landscape camera frames", () => {
  it("letterboxes the still in the editor, keeps the preview full-size sideways, and crops without background", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey);
    const failed: string[] = [];
    const page = await openPhonePage(browser, session.scan_url);
    page.on("response", (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    await page.reload(); // so the listener sees the page's own requests, favicon included

    // portrait screen: the shutter opens the editor with the still at its true aspect ratio (a
    // 720p camera gives the page under the legible resolution, where auto-capture usually holds
    // with "Move closer"; the shutter is pressed unless auto-capture got there first, and the
    // still is searched for the page even when the shutter beat the detector's loading)
    await Promise.race([page.waitForSelector(".ds-adjust", { timeout: 45_000 }), page.getByRole("button", { name: "Take photo" }).click({ timeout: 45_000 }).catch(() => undefined)]);
    await page.waitForSelector(".ds-adjust", { timeout: 45_000 });
    await page.waitForSelector(".ds-adjust-box img");
    const still = await box(page, ".ds-adjust-box");
    expect(still.width / still.height).toBeCloseTo(FRAME.width / FRAME.height, 1);
    expect(Math.abs(still.width / still.height / (FRAME.width / FRAME.height) - 1)).toBeLessThan(0.01);
    await page.screenshot({ path: path.join(shots, "landscape-frame-portrait-editor.png") });
    // every handle sits inside the shown still, not in the bars
    for (const h of await page.locator(".ds-handle").all()) {
      const b = (await h.boundingBox())!;
      const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
      expect(cx).toBeGreaterThanOrEqual(still.x - 1);
      expect(cx).toBeLessThanOrEqual(still.x + still.width + 1);
      expect(cy).toBeGreaterThanOrEqual(still.y - 1);
      expect(cy).toBeLessThanOrEqual(still.y + still.height + 1);
    }
    await usePage(page);

    // back on the camera with the same page in view: not "Hold still" but "show the next one"
    await expect.poll(() => page.textContent(".ds-guidance"), { timeout: 10_000 }).toContain("Page taken");

    // the phone turns sideways: the preview keeps most of the screen, beside the page strip
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForTimeout(300);
    const preview = await box(page, ".ds-viewport");
    expect(preview.height).toBeGreaterThan(0.75 * 390);
    expect(preview.width).toBeGreaterThan(0.5 * 844);
    await page.screenshot({ path: path.join(shots, "landscape-screen-camera.png") });

    // the editor on the landscape screen, opened from the strip once the page is made (until
    // then its thumbnail is a busy picture, not a button: this 720p page is made at twice its size)
    await page.locator(".ds-strip button.ds-thumb").first().click({ timeout: 60_000 });
    await page.waitForSelector(".ds-adjust-box img");
    const sideways = await box(page, ".ds-adjust-box");
    expect(Math.abs(sideways.width / sideways.height / (FRAME.width / FRAME.height) - 1)).toBeLessThan(0.01);
    await page.screenshot({ path: path.join(shots, "landscape-frame-landscape-editor.png") });
    await usePage(page);

    const pdf = await sendAndDownload(page, tenant.secretKey, session.id);
    const info = await pdfPageSizes(pdf);
    expect(info.count).toBe(1);
    expect(Math.abs(info.sizes[0].height / info.sizes[0].width / (297 / 210) - 1)).toBeLessThan(0.02);
    const [raster] = await renderPdf(pdf, 100);
    for (const mark of locateMarks(raster)) expect(mark.error, `${mark.name} at ${mark.found}`).toBeLessThan(0.02);
    // paper is ~245, the desk ~70: no edge row or column of the page is desk
    for (const v of edgeLuma(raster)) expect(v).toBeGreaterThan(200);

    const favicon = await fetch(new URL("/favicon.ico", session.scan_url));
    expect(favicon.status).toBe(200);
    expect(failed).toEqual([]);
    console.log(`[scanner] landscape screenshots in ${shots}`);
    await page.context().close();
  });
});
