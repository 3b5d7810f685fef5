import { describe, expect, it } from "vitest";
import type { Frame, Locator, Page } from "playwright-core";
import { eventTypes, readCalls, waitForCall } from "./support/host-server";
import { openHostPage, sessionFor, useLauncherFixture } from "./support/launcher-fixture";

const fx = useLauncherFixture();

const REFUSAL = /can.t run on this site|cannot show the scanner here/i;
type HostWindow = { openScanner(url: string, mode: string): void };

async function openInline(target: Page | Frame, scanUrl: string) {
  await target.evaluate((url) => (window as unknown as HostWindow).openScanner(url, "inline"), scanUrl);
}

/** The scanner's own frame inside `page` (found by its URL on the app origin). */
async function scannerFrame(page: Page, scanUrl: string): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url() === scanUrl);
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error("the scanner frame never appeared");
}

/**
 * The scanner's iframe, refused by the browser: /scan's `frame-ancestors` does not name the
 * page's origin, so Chromium shows its error page instead of the scanner (the scanner's own
 * refusal, in JavaScript, is what browsers without frame-ancestors fall back to).
 */
async function expectBlocked(iframe: Locator, scanUrl: string) {
  await iframe.waitFor({ state: "attached" });
  const frame = await (await iframe.elementHandle())!.contentFrame();
  await expect.poll(() => frame?.url(), { timeout: 30_000 }).toMatch(/^chrome-error:/);
  expect(frame!.url()).not.toBe(scanUrl);
  expect(await frame!.getByText(REFUSAL).count()).toBe(0);
}

describe("security", () => {
  it("ignores docscan-shaped messages from a foreign frame and from the page itself", async () => {
    const page = await openHostPage(fx());
    const session = await sessionFor(fx());
    await openInline(page, session.scan_url);
    await waitForCall(page, "event", undefined, 30_000);

    await page.evaluate((src) => {
      const forged = { source: "docscan", type: "completed", session_id: "sess_forged", result: { url: "https://evil.example/x.pdf", page_count: 9, bytes: 9, content_type: "application/pdf" } };
      window.postMessage(forged, "*");
      window.postMessage({ ...forged, type: "cancelled" }, "*");
      const iframe = document.createElement("iframe");
      iframe.src = src;
      document.body.appendChild(iframe);
    }, `${fx().other.origin}/forged`);
    await page.frameLocator(`iframe[src="${fx().other.origin}/forged"]`).locator("body[data-sent=yes]").waitFor({ state: "attached" });
    await page.waitForTimeout(500);

    const calls = await readCalls(page);
    expect(calls.filter((c) => c.name !== "event")).toEqual([]);
    for (const c of calls) expect(c.args[0]).toMatchObject({ session_id: session.id });
    expect(await eventTypes(page)).toContain("ready");
    expect(await page.locator("#inline iframe").count()).toBe(1);
    await page.context().close();
  });

  it("the browser refuses to frame the scanner in a page whose origin is not allowlisted, and the launcher says why", async () => {
    const page = await openHostPage(fx(), fx().other);
    const session = await sessionFor(fx());
    await openInline(page, session.scan_url);
    const error = await waitForCall(page, "error", undefined, 30_000);
    expect(error.args[0]).toMatchObject({ code: "config" });
    await expectBlocked(page.locator("#inline iframe"), session.scan_url);
    expect(await eventTypes(page)).toEqual([]);
    await page.context().close();
  });

  it("the same session runs on the allowlisted origin", async () => {
    const page = await openHostPage(fx());
    const session = await sessionFor(fx());
    await openInline(page, session.scan_url);
    await waitForCall(page, "event", undefined, 30_000);
    const frame = await scannerFrame(page, session.scan_url);
    expect(await frame.getByText(REFUSAL).count()).toBe(0);
    expect((await eventTypes(page))[0]).toBe("ready");
    await page.context().close();
  });

  it("refuses an allowlisted page that is itself framed by a foreign origin", async () => {
    const context = await fx().browser.newContext();
    const page = await context.newPage();
    await page.goto(`${fx().other.origin}/wrap`);
    const shopFrame = page.frames().find((f) => f.url() === `${fx().shop.origin}/`)!;
    await shopFrame.waitForFunction(() => "DocScan" in window);
    const session = await sessionFor(fx());
    await openInline(shopFrame, session.scan_url);
    // frame-ancestors names every ancestor, not only the parent: the foreign top page is one.
    await expectBlocked(shopFrame.locator("#inline iframe"), session.scan_url);
    expect(await shopFrame.evaluate(() => (window as unknown as { calls: { name: string }[] }).calls.filter((c) => c.name === "event"))).toEqual([]);
    await context.close();
  });
});
