import { networkInterfaces } from "node:os";
import path from "node:path";
import jpeg from "jpeg-js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { createSession, newTenant, readSession } from "./support/api";
import { launchChromium } from "./support/browser";
import { renderPagePhoto } from "./support/synthetic-page";
import { fetchPdf, locateMarks, pdfPageSizes, renderPdf } from "./support/scan-page";

const shots = process.env.SCAN_SCREENSHOTS_DIR;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium({ camera: false });
});
afterAll(async () => browser?.close());

describe("hosted scanner without a camera", () => {
  it("opened over plain http off localhost, it says the camera needs https and offers a photo instead", async () => {
    const lan = Object.values(networkInterfaces()).flat().find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    expect(lan, "a non-loopback IPv4 address to reach the test server by").toBeDefined();
    const camera = await launchChromium();
    try {
      const session = await createSession((await newTenant()).secretKey);
      const url = new URL(session.scan_url);
      url.hostname = lan!;
      const page = await (await camera.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      expect(await page.goto(url.toString()).then(() => page.evaluate(() => window.isSecureContext))).toBe(false);
      await page.waitForSelector('[data-screen="fallback"]', { timeout: 30_000 });
      expect(await page.textContent('[data-screen="fallback"]')).toContain("The camera only works on a secure (https) page");
    } finally {
      await camera.close();
    }
  });

  it("falls back to the photo picker, offers the QR hand-off on a desktop, and uploads the corrected page", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(session.scan_url);

    await page.waitForSelector('[data-screen="fallback"]', { timeout: 30_000 });
    expect(await page.textContent('[data-screen="fallback"]')).toContain("No camera is available here");
    const qr = page.getByRole("img", { name: "QR code that opens this scanner on a phone" });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await qr.getAttribute("src")).toContain(`/v1/sessions/${session.id}/qr?t=`);
    // The test server is on localhost: the QR code would send a phone to its own localhost, and the page says so.
    expect(await page.getByTestId("handoff-loopback").textContent()).toContain("which a phone cannot reach");
    if (shots) await page.screenshot({ path: path.join(shots, "fallback-desktop.png") });

    const photo = renderPagePhoto();
    const file = jpeg.encode({ data: Buffer.from(photo.data), width: photo.width, height: photo.height }, 90).data;
    await page.locator('input[type="file"]').setInputFiles({ name: "page.jpg", mimeType: "image/jpeg", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Use this page" }).click();
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 30_000 });

    const read = await readSession(tenant.secretKey, session.id);
    expect(["completed", "delivered"]).toContain(read.body.status);
    const pdf = await fetchPdf(read.body.result.url);
    const info = await pdfPageSizes(pdf);
    expect(info.count).toBe(1);
    expect(info.sizes[0].height / info.sizes[0].width).toBeCloseTo(297 / 210, 2);
    for (const mark of locateMarks((await renderPdf(pdf, 50))[0])) expect(mark.error, mark.name).toBeLessThan(0.025);
    await context.close();
  });

  it("tells the person to ask for a new link when the session has expired", async () => {
    const server = await startAppServer({ output: "ignore", env: { SESSION_TTL_SECONDS: "1", SCHEDULER_INTERVAL_SECONDS: "0", LOG_LEVEL: "error" } });
    try {
      const base = server.baseUrl;
      const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${p}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
      const signup = await post("/v1/auth/signup", { email: `exp-${Date.now()}@example.com`, password: "correct horse battery" });
      const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0];
      const key = await (await post("/v1/dashboard/keys", { name: "k", kind: "secret", mode: "test" }, { cookie })).json();
      const session = await (await post("/v1/sessions", {}, { authorization: `Bearer ${key.secret}` })).json();
      await new Promise((r) => setTimeout(r, 1500));

      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(session.scan_url);
      await page.waitForSelector('[data-screen="error"]', { timeout: 30_000 });
      expect(await page.textContent('[data-screen="error"]')).toContain("This link has expired. Ask for a new link.");
      if (shots) await page.screenshot({ path: path.join(shots, "expired.png") });
      await page.close();
    } finally {
      await server.stop();
    }
  });
});
