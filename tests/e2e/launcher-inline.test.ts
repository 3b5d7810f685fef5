import { describe, expect, it } from "vitest";
import { eventTypes, readCalls } from "./support/host-server";
import { openHostPage, sessionFor, useLauncherFixture } from "./support/launcher-fixture";

const fx = useLauncherFixture();

type HostWindow = { openScanner(url: string, mode: string): void; handle: { close(): void } };

describe("happy", () => {
  it("puts the scanner iframe in the container, no overlay, and the scanner says ready", async () => {
    const page = await openHostPage(fx());
    const session = await sessionFor(fx());
    await page.evaluate((url) => (window as unknown as HostWindow).openScanner(url, "inline"), session.scan_url);
    const frame = page.locator("#inline > iframe");
    expect(await frame.getAttribute("src")).toBe(session.scan_url);
    expect(await frame.getAttribute("allow")).toContain("camera");
    expect(await frame.boundingBox()).toMatchObject({ height: 640 });
    expect(await page.locator('[data-docscan="modal"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");

    await page.waitForFunction(() => (window as unknown as { calls: { name: string }[] }).calls.some((c) => c.name === "event"), null, { timeout: 30_000 });
    const first = (await readCalls(page)).find((c) => c.name === "event")!.args[0];
    expect(first).toMatchObject({ source: "docscan", type: "ready", session_id: session.id });
    await page.context().close();
  });

  it("close() removes the iframe and reports a cancel", async () => {
    const page = await openHostPage(fx());
    const session = await sessionFor(fx());
    await page.evaluate((url) => (window as unknown as HostWindow).openScanner(url, "inline"), session.scan_url);
    await page.evaluate(() => (window as unknown as HostWindow).handle.close());
    expect(await page.locator("#inline iframe").count()).toBe(0);
    expect((await readCalls(page)).filter((c) => c.name !== "event")).toEqual([
      { name: "cancel", args: [] },
      { name: "close", args: [] },
    ]);
    await page.context().close();
  });
});

describe("errors", () => {
  it("throws for inline mode without a matching container, or an unknown mode", async () => {
    const page = await openHostPage(fx());
    const session = await sessionFor(fx());
    const outcomes = await page.evaluate((scanUrl) => {
      const open = (window as unknown as { DocScan: { open(o: object): void } }).DocScan.open;
      return [{ mode: "inline" }, { mode: "inline", container: "#nope" }, { mode: "popup" }].map((o) => {
        try {
          open({ scanUrl, ...o });
          return "opened";
        } catch (err) {
          return (err as Error).message;
        }
      });
    }, session.scan_url);
    expect(outcomes).toEqual([
      "DocScan: `container` must be an element or a selector that matches one.",
      "DocScan: `container` must be an element or a selector that matches one.",
      'DocScan: `mode` must be "modal" or "inline".',
    ]);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await eventTypes(page)).toEqual([]);
    await page.context().close();
  });
});
