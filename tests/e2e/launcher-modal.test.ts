import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { readCalls } from "./support/host-server";
import { openHostPage, sessionFor, useLauncherFixture } from "./support/launcher-fixture";

const fx = useLauncherFixture();

/** Focuses the integrator's button, then opens the modal for a fresh session. */
async function openModal(page: Page) {
  const session = await sessionFor(fx());
  await page.focus("#start");
  await page.evaluate((url) => (window as unknown as { openScanner(u: string, m: string): void }).openScanner(url, "modal"), session.scan_url);
  await page.waitForSelector('[data-docscan="modal"]');
  return session;
}

const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('[data-docscan="modal"]');
    const active = document.activeElement;
    return { inside: !!dialog && !!active && dialog.contains(active), tag: active?.tagName };
  });

describe("happy", () => {
  it("opens a full-screen modal dialog around the scanner iframe, with camera allowed and focus on Close", async () => {
    const page = await openHostPage(fx());
    const session = await openModal(page);
    const dialog = page.locator('[data-docscan="modal"]');
    expect(await dialog.getAttribute("role")).toBe("dialog");
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 860 });
    const frame = dialog.locator("iframe");
    expect(await frame.getAttribute("src")).toBe(session.scan_url);
    expect(await frame.getAttribute("allow")).toContain("camera");
    expect(await frame.getAttribute("title")).toBe("Document scanner");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close scanner");
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
    await page.context().close();
  });

  it("keeps Tab and Shift+Tab inside the dialog", async () => {
    const page = await openHostPage(fx());
    await openModal(page);
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect((await focusInDialog(page)).inside, `after ${key}`).toBe(true);
    }
    await page.context().close();
  });
});

describe("cancel", () => {
  for (const how of ["Escape", "the Close button", "handle.close()"] as const) {
    it(`closes with ${how}: onCancel once, overlay gone, focus and scrolling restored`, async () => {
      const page = await openHostPage(fx());
      await openModal(page);
      if (how === "Escape") await page.keyboard.press("Escape");
      else if (how === "the Close button") await page.click('button[aria-label="Close scanner"]');
      else await page.evaluate(() => (window as unknown as { handle: { close(): void } }).handle.close());
      expect(await page.locator('[data-docscan="modal"]').count()).toBe(0);
      expect((await readCalls(page)).filter((c) => c.name !== "event")).toEqual([
        { name: "cancel", args: [] },
        { name: "close", args: [] },
      ]);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("start");
      expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
      await page.keyboard.press("Escape");
      await page.evaluate(() => (window as unknown as { handle: { close(): void } }).handle.close());
      expect((await readCalls(page)).filter((c) => c.name === "cancel" || c.name === "close")).toHaveLength(2);
      await page.context().close();
    });
  }
});

describe("errors", () => {
  it("refuses a scanUrl that is not on the launcher's own origin, and opens nothing", async () => {
    const page = await openHostPage(fx());
    const message = await page.evaluate(() => {
      try {
        (window as unknown as { DocScan: { open(o: object): void } }).DocScan.open({ scanUrl: "https://evil.example/scan?t=x", mode: "modal" });
        return "opened";
      } catch (err) {
        return `${(err as Error).name}: ${(err as Error).message}`;
      }
    });
    expect(message).toMatch(/^TypeError: DocScan: `scanUrl` must be on http:\/\/localhost:\d+/);
    expect(await page.locator("iframe").count()).toBe(0);
    await page.context().close();
  });
});
