import jpeg from "jpeg-js";
import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readSession } from "./support/api";
import { eventTypes, readCalls, waitForCall } from "./support/host-server";
import { openHostPage, sessionFor, useLauncherFixture } from "./support/launcher-fixture";
import { renderPagePhoto } from "./support/synthetic-page";

// No camera: the scanner offers its photo picker, which a test can feed a synthetic page.
const fx = useLauncherFixture({ camera: false });

type HostWindow = { openScanner(url: string, mode: string): void };

async function openModalScanner(page: Page): Promise<{ scanner: FrameLocator; sessionId: string }> {
  const session = await sessionFor(fx());
  await page.evaluate((url) => (window as unknown as HostWindow).openScanner(url, "modal"), session.scan_url);
  const scanner = page.frameLocator('[data-docscan="modal"] iframe');
  await scanner.locator('[data-screen="fallback"]').waitFor({ timeout: 30_000 });
  return { scanner, sessionId: session.id };
}

function pagePhoto(): Buffer {
  const photo = renderPagePhoto();
  return Buffer.from(jpeg.encode({ data: Buffer.from(photo.data), width: photo.width, height: photo.height }, 90).data);
}

describe("happy", () => {
  it("a scan inside the modal reaches the host: page_captured, completed with the result, then Close ends it without a cancel", async () => {
    const page = await openHostPage(fx());
    const { scanner, sessionId } = await openModalScanner(page);
    await scanner.locator('input[type="file"]').setInputFiles({ name: "page.jpg", mimeType: "image/jpeg", buffer: pagePhoto() });
    await scanner.getByRole("button", { name: "Use this page" }).click();
    await scanner.getByRole("button", { name: "Send document" }).click();

    const complete = await waitForCall(page, "complete", undefined, 60_000);
    const result = complete.args[0] as { url: string; page_count: number; bytes: number; content_type: string };
    const read = await readSession(fx().tenant.secretKey, sessionId);
    expect(result).toMatchObject({ page_count: 1, bytes: read.body.result.bytes, content_type: "application/pdf" });
    expect((await fetch(result.url)).headers.get("content-type")).toBe("application/pdf");
    const types = await eventTypes(page);
    expect(types.slice(0, 2)).toEqual(["ready", "opened"]);
    expect(types).toContain("page_captured");
    expect(types.at(-1)).toBe("completed");
    for (const c of (await readCalls(page)).filter((x) => x.name === "event")) expect(c.args[0]).toMatchObject({ source: "docscan", session_id: sessionId });

    await page.click('button[aria-label="Close scanner"]');
    expect(await page.locator('[data-docscan="modal"]').count()).toBe(0);
    expect((await readCalls(page)).filter((c) => c.name !== "event").map((c) => c.name)).toEqual(["complete", "close"]);
    await page.context().close();
  });
});

describe("cancel", () => {
  it("the scanner's own Cancel button closes the modal and reports onCancel", async () => {
    const page = await openHostPage(fx());
    const { scanner } = await openModalScanner(page);
    await scanner.getByRole("button", { name: "Cancel" }).click();
    await waitForCall(page, "cancel");
    expect(await page.locator('[data-docscan="modal"]').count()).toBe(0);
    expect(await eventTypes(page)).toEqual(["ready", "opened", "cancelled"]);
    expect((await readCalls(page)).filter((c) => c.name !== "event").map((c) => c.name)).toEqual(["cancel", "close"]);
    await page.context().close();
  });
});
