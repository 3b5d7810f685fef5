// Scans one scene with the real hosted scanner: the photo plays as Chromium's fake camera, the
// scanner captures it as a phone user would, and the integrator's PDF is downloaded over the API.
import type { Page } from "playwright-core";
import { launchChromium } from "../../tests/e2e/support/browser";
import { openPhonePage } from "../../tests/e2e/support/scan-page";

export interface Client { baseUrl: string; secretKey: string }
export interface ScanResult {
  pdf: Uint8Array; useMs: number; captured: "auto" | "shutter"; throttledMs?: number;
  /** "Send document" to the done screen. */
  sendMs: number;
  /** With OCR: the page kept to its text read (a fresh browser, so the engine's first load is in it). */
  readMs?: number;
}

async function call(client: Client, method: string, path: string, json?: unknown) {
  const send = () => fetch(`${client.baseUrl}${path}`, {
    method, body: json === undefined ? undefined : JSON.stringify(json),
    headers: { authorization: `Bearer ${client.secretKey}`, ...(json === undefined ? {} : { "content-type": "application/json" }) },
  });
  // a kept-alive socket the server closed while the bench was busy fails once; a new one works
  const res = await send().catch(send);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * A session with the filter asked for; when the server refuses the option (400, before it
 * exists), a session without it, reported as "current pipeline".
 */
export async function openSession(client: Client, filter: string | null, ocr = false): Promise<{ id: string; scanUrl: string; label: string }> {
  if (filter) {
    const res = await call(client, "POST", "/v1/sessions", { scanner: { options: { filter, ...(ocr ? { ocr } : {}) } } });
    if (res.status === 201) return { id: res.body.id, scanUrl: res.body.scan_url, label: filter };
    if (res.status !== 400) throw new Error(`session creation answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const res = await call(client, "POST", "/v1/sessions", {});
  if (res.status !== 201) throw new Error(`session creation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, scanUrl: res.body.scan_url, label: "current pipeline" };
}

// Runs in the page: clicks "Use this page" and resolves with the milliseconds until the new
// page's thumbnail is in the strip with its picture decoded.
const USE_PAGE_TIMED = `new Promise((resolve, reject) => {
  const before = document.querySelectorAll(".ds-strip .ds-thumb img").length;
  const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Use this page");
  if (!button) return reject(new Error("no 'Use this page' button"));
  const t0 = performance.now();
  setTimeout(() => reject(new Error("no thumbnail 90 s after 'Use this page'")), 90000);
  const check = () => {
    const imgs = document.querySelectorAll(".ds-strip .ds-thumb img");
    const img = imgs[imgs.length - 1];
    if (imgs.length > before && img.complete && img.naturalWidth > 0) return resolve(performance.now() - t0);
    requestAnimationFrame(check);
  };
  button.click();
  check();
})`;

/**
 * Captures (auto-capture, else the shutter once it is enabled after 20 s), keeps the page, times
 * it. A capture under way disables the shutter, so the bench waits for the corner editor rather
 * than for a click.
 */
async function capture(page: Page, throttle: number): Promise<{ ms: number; captured: "auto" | "shutter" }> {
  let captured: "auto" | "shutter" = "auto";
  const t0 = Date.now(), shutter = page.getByRole("button", { name: "Take photo" });
  while (!(await page.locator(".ds-adjust").isVisible())) {
    if (Date.now() - t0 > 90_000) throw new Error("no capture within 90 s (neither auto-capture nor the shutter)");
    if (captured === "auto" && Date.now() - t0 > 20_000 && (await shutter.isEnabled().catch(() => false))) {
      captured = "shutter";
      await shutter.click({ timeout: 5_000 }).catch(() => (captured = "auto"));
    }
    await page.waitForTimeout(250);
  }
  const cdp = throttle > 1 ? await page.context().newCDPSession(page) : null;
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const ms = (await page.evaluate(USE_PAGE_TIMED)) as number;
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return { ms, captured };
}

/**
 * One scene through the scanner in a browser of its own (the fake camera's file is a launch
 * flag). With `throttleRate`, a second page is captured under CPU throttling for timing only
 * (it is deleted before sending, so the PDF holds the unthrottled page alone).
 */
export async function scanScene(client: Client, scanUrl: string, sessionId: string, video: string, throttleRate = 0, log: (s: string) => void = () => {}, failureShot?: string, ocr = false): Promise<ScanResult> {
  const t0 = performance.now(), step = (s: string) => log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s ${s}`);
  const browser = await launchChromium({ fakeVideoFile: video });
  let page: Page | undefined;
  try {
    page = await openPhonePage(browser, scanUrl);
    step("scanner open");
    const first = await capture(page, 1);
    step(`captured (${first.captured}), page kept in ${first.ms.toFixed(0)} ms`);
    let throttledMs: number | undefined;
    if (throttleRate > 1) {
      throttledMs = (await capture(page, throttleRate)).ms;
      await removeLastPage(page);
    }
    // a still camera would otherwise be captured again while the bench sends
    await page.getByLabel("Auto-capture").uncheck({ timeout: 5_000 }).catch(() => undefined);
    // With OCR, the person would be capturing the next page while this one is read: wait for it
    // as that time would, so the send measures what is left to wait for, not the reading itself.
    const readMs = ocr ? await timeReading(page) : undefined;
    if (readMs !== undefined) step(`text read ${readMs.toFixed(0)} ms after the page was kept`);
    const sendStart = performance.now();
    await page.getByRole("button", { name: "Send document" }).click();
    await page.waitForSelector('[data-screen="done"]', { timeout: 120_000 });
    const sendMs = performance.now() - sendStart;
    step("sent");
    const read = await call(client, "GET", `/v1/sessions/${sessionId}`);
    const url = read.body?.result?.url;
    if (!url) throw new Error(`session ${sessionId} has no result: ${JSON.stringify(read.body).slice(0, 300)}`);
    const res = await fetch(url).catch((e) => { throw new Error(`downloading ${url}: ${e.message} (${e.cause?.code ?? e.cause?.message})`); });
    if (!res.ok) throw new Error(`result download answered ${res.status}`);
    return { pdf: new Uint8Array(await res.arrayBuffer()), useMs: first.ms, captured: first.captured, throttledMs, sendMs, readMs };
  } catch (e) {
    if (failureShot) await page?.screenshot({ path: failureShot }).catch(() => undefined);
    throw e;
  } finally {
    await browser.close();
  }
}

/** Milliseconds from now (the page just kept) until the strip says no page is still being read. */
async function timeReading(page: Page): Promise<number> {
  const t0 = performance.now();
  await page.waitForSelector('.ds-strip[data-reading="0"]', { timeout: 300_000 });
  return performance.now() - t0;
}

async function removeLastPage(page: Page): Promise<void> {
  const thumbs = page.locator(".ds-strip .ds-thumb");
  const n = await thumbs.count();
  await page.getByRole("button", { name: `Delete page ${n}` }).click();
  await page.waitForFunction((count) => document.querySelectorAll(".ds-strip .ds-thumb").length === count, n - 1, { timeout: 10_000 });
}
