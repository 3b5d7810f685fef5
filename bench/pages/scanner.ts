// Scans one scene with the real hosted scanner: the photo plays as Chromium's fake camera, the
// scanner captures it as a phone user would, and the integrator's PDF is downloaded over the API.
import type { Page } from "playwright-core";
import { launchChromium } from "../../tests/e2e/support/browser";
import { openPhonePage } from "../../tests/e2e/support/scan-page";
import { PAGE_READ_MEASURE } from "../../scanner/ocr/recognizer";

export interface Client { baseUrl: string; secretKey: string }
type Captured = "auto" | "shutter" | "file";
export interface ScanResult {
  pdf: Uint8Array; useMs: number; readyMs: number; captured: Captured; throttledMs?: number;
  /** "Send document" to the done screen. */
  sendMs: number;
  /** With OCR: the page kept to its text read (a fresh browser, so the engine's first load is in it). */
  readMs?: number;
  /** With OCR: each recognition's own milliseconds (the scanner's `docscan:ocr-page` measures), engine load excluded. */
  recogniseMs?: number[];
  /** With OCR: each delivered page's `ocr.status`. */
  ocrStatus?: string[];
}

/** The OCR pass runs the whole scan with the page's CPU throttled this much (a mid-range phone). */
export const OCR_THROTTLE = 4;
type Kept = { ms: number; readyMs: number; captured: Captured };

/** The short side of the largest live stream the scanner asks for (3840 x 2160). */
export const STREAM_SHORT_SIDE = 2160;

/** How the scene reaches the scanner: as its live camera, or as a photo the phone's camera took. */
export type SceneInput = { video: string } | { still: Uint8Array };

/** A new tenant on the app at `baseUrl` and its secret test key. */
export async function signUp(baseUrl: string): Promise<Client> {
  const signup = await fetch(`${baseUrl}/v1/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `bench-pages-${Date.now()}@example.com`, password: "correct horse battery", company: "Pages Bench" }) });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0];
  const key = await fetch(`${baseUrl}/v1/dashboard/keys`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ name: "bench secret", kind: "secret", mode: "test" }) });
  if (key.status !== 201) throw new Error(`key creation answered ${key.status}: ${await key.text()}`);
  return { baseUrl, secretKey: ((await key.json()) as { secret: string }).secret };
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
// page's thumbnail is in the strip with its picture decoded (`thumb`: the editor's preview while
// the page is made) and until the full page is stored (`ready`: no thumbnail marked busy).
const USE_PAGE_TIMED = `new Promise((resolve, reject) => {
  const before = document.querySelectorAll(".ds-strip .ds-thumb img").length;
  const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Use this page");
  if (!button) return reject(new Error("no 'Use this page' button"));
  const t0 = performance.now();
  let thumb = null;
  setTimeout(() => reject(new Error("no page 90 s after 'Use this page'")), 90000);
  const check = () => {
    const imgs = document.querySelectorAll(".ds-strip .ds-thumb img");
    const img = imgs[imgs.length - 1];
    if (thumb === null && imgs.length > before && img.complete && img.naturalWidth > 0) thumb = performance.now() - t0;
    const busy = document.querySelector('.ds-strip .ds-thumb[aria-busy="true"]');
    if (thumb !== null && !busy) return resolve({ thumb, ready: performance.now() - t0 });
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
async function capture(page: Page, throttle: number): Promise<Kept> {
  let captured: Captured = "auto";
  const t0 = Date.now(), shutter = page.getByRole("button", { name: "Take photo" });
  while (!(await page.locator(".ds-adjust").isVisible())) {
    if (Date.now() - t0 > 90_000) throw new Error("no capture within 90 s (neither auto-capture nor the shutter)");
    if (captured === "auto" && Date.now() - t0 > 20_000 && (await shutter.isEnabled().catch(() => false))) {
      captured = "shutter";
      await shutter.click({ timeout: 5_000 }).catch(() => (captured = "auto"));
    }
    await page.waitForTimeout(250);
  }
  await editorLooked(page);
  const cdp = throttle > 1 ? await page.context().newCDPSession(page) : null;
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const { thumb, ready } = (await page.evaluate(USE_PAGE_TIMED)) as { thumb: number; ready: number };
  await cdp?.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return { ms: thumb, readyMs: ready, captured };
}

/**
 * Waits, as a person checking the corners would, until the editor has measured the capture
 * (its first preview, which also decides the retake prompts), then keeps the page.
 */
async function editorLooked(page: Page): Promise<void> {
  await page.waitForSelector('.ds-adjust[data-measured="true"]', { timeout: 60_000 });
}

/**
 * A full-size still (12 MP) reaches the scanner as a photo file: the path of a phone whose
 * camera app took the picture. Played as a fake camera, Chromium would cut it to the 3840 x 2160
 * the scanner asks a live camera for, losing the page's top and bottom.
 */
async function pickStill(page: Page, still: Uint8Array): Promise<Kept> {
  await page.waitForSelector('[data-screen="fallback"]', { timeout: 30_000 });
  await page.locator('input[type="file"]').setInputFiles({ name: "page.jpg", mimeType: "image/jpeg", buffer: Buffer.from(still) });
  await editorLooked(page);
  const { thumb, ready } = (await page.evaluate(USE_PAGE_TIMED)) as { thumb: number; ready: number };
  return { ms: thumb, readyMs: ready, captured: "file" };
}

/**
 * One scene through the scanner in a browser of its own (the fake camera's file is a launch
 * flag). With `throttleRate`, a second page is captured under CPU throttling for timing only
 * (it is deleted before sending, so the PDF holds the unthrottled page alone).
 */
export async function scanScene(client: Client, scanUrl: string, sessionId: string, input: SceneInput, throttleRate = 0, log: (s: string) => void = () => {}, failureShot?: string, ocr = false): Promise<ScanResult> {
  const t0 = performance.now(), step = (s: string) => log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s ${s}`);
  const browser = await launchChromium("video" in input ? { fakeVideoFile: input.video } : { camera: false });
  let page: Page | undefined;
  try {
    page = await openPhonePage(browser, scanUrl);
    // Chromium throttles the page's own thread (detector hand-off, UI, PDF assembly), not its
    // workers: the engine's time a page at 4x is estimated from its CPU time (ocr-engines.ts).
    if (ocr) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: OCR_THROTTLE });
    step(ocr ? `scanner open (CPU ${OCR_THROTTLE}x)` : "scanner open");
    const first = "video" in input ? await capture(page, 1) : await pickStill(page, input.still);
    step(`captured (${first.captured}), thumbnail in ${first.ms.toFixed(0)} ms, page ready in ${first.readyMs.toFixed(0)} ms`);
    let throttledMs: number | undefined;
    if (throttleRate > 1 && "video" in input) {
      throttledMs = (await capture(page, throttleRate)).ms;
      await removeLastPage(page);
    }
    // a still camera would otherwise be captured again while the bench sends
    await page.getByLabel("Auto-capture").uncheck({ timeout: 5_000 }).catch(() => undefined);
    // With OCR, the person would be capturing the next page while this one is read: wait for it
    // as that time would, so the send measures what is left to wait for, not the reading itself.
    const readMs = ocr ? await timeReading(page) : undefined;
    const recogniseMs = ocr ? ((await page.evaluate(`performance.getEntriesByName(${JSON.stringify(PAGE_READ_MEASURE)}).map((e) => e.duration)`)) as number[]) : undefined;
    if (readMs !== undefined) step(`text read ${readMs.toFixed(0)} ms after the page was kept (recognition ${recogniseMs?.map((ms) => ms.toFixed(0)).join(", ")} ms)`);
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
    const ocrStatus = ocr ? (read.body.result.pages as { ocr?: { status: string } }[]).map((p) => p.ocr?.status ?? "none") : undefined;
    return { pdf: new Uint8Array(await res.arrayBuffer()), useMs: first.ms, readyMs: first.readyMs, captured: first.captured, throttledMs, sendMs, readMs, recogniseMs, ocrStatus };
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
