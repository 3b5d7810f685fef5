/**
 * Keys, sessions, webhooks and a session's page viewer: no sideways scroll at 1280 px and on a
 * phone, both themes (screenshots saved), and the viewer opens a page full size with
 * next/previous, zoom and the keyboard; the PDF downloads under the session's order name.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, saveScreenshot, setThemeTo } from "../support/console";
import { createSession } from "../support/api";
import { pageOverflow, signedUpOwner } from "../support/console-data";
import { scannedPdf, uploadPdf } from "../support/tiny-pdf";

const browser = useBrowser();

/** The widest table scroller's overflow: 0 when every table fits its box. */
const tableOverflow = (page: Page) =>
  page.locator(".c-table-wrap").evaluateAll((wraps) => Math.max(0, ...wraps.map((w) => w.scrollWidth - w.clientWidth)));

describe("the page viewer and the download", () => {
  it("opens a page full size from the session, steps with buttons and arrows, zooms, closes on Escape; downloads as scan-<order>-<id>.pdf", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const session = await createSession(owner.secretKey, { metadata: { order: "A-1001", customer: "Jane Roe" } });
    await uploadPdf(session.client_token, await scannedPdf(2), 2);
    await page.goto(`/console/sessions/${session.id}`);
    await page.getByRole("button", { name: /^Page 1\W+open full size/ }).click();
    const viewer = page.getByTestId("page-viewer");
    await viewer.getByText("Page 1 of 2").waitFor();
    const img = viewer.locator("img");
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const fitted = await img.boundingBox();
    expect(fitted!.height).toBeGreaterThan(500); // full size, not the 90 px thumbnail

    await viewer.getByRole("button", { name: "Next page" }).click();
    await viewer.getByText("Page 2 of 2").waitFor();
    expect(await img.getAttribute("src")).toMatch(/\/pages\/2$/);
    await page.keyboard.press("ArrowLeft");
    await viewer.getByText("Page 1 of 2").waitFor();
    await viewer.getByRole("button", { name: "Zoom in" }).click();
    await viewer.getByText("150%").waitFor();
    await page.keyboard.press("+");
    await viewer.getByText("200%").waitFor();
    expect((await img.boundingBox())!.width).toBeGreaterThan(fitted!.width * 1.5);
    await expectNoSeriousA11yViolations(page, "page viewer");
    await page.keyboard.press("Escape");
    await expect.poll(() => viewer.count()).toBe(0);

    const download = page.waitForEvent("download");
    await page.getByTestId("download-pdf").click();
    expect((await download).suggestedFilename()).toBe(`scan-A-1001-${session.id}.pdf`);
    await page.context().close();
  });
});

describe("no sideways scroll", () => {
  it.each(["desktop", "phone"] as const)("keys, sessions, webhooks and the viewer fit at %s width, both themes (screenshots)", async (viewport) => {
    const { page, owner } = await signedUpOwner(browser(), { viewport });
    const session = await createSession(owner.secretKey, { metadata: { order: "A-1001", customer: "Jane Roe", note: "a long note about this order ".repeat(3) } });
    await uploadPdf(session.client_token, await scannedPdf(2), 2);
    await createSession(owner.secretKey, { metadata: { order: "A-1002" } });
    await page.request.post("/v1/dashboard/keys", { data: { name: "checkout page", kind: "publishable", mode: "live" } });
    for (const theme of ["light", "dark"] as const) {
      await setThemeTo(page, theme);
      for (const [name, path, ready] of [
        ["keys", "/console/keys", "keys-table"],
        ["sessions", "/console/sessions", "sessions-table"],
        ["webhooks", "/console/webhooks", null],
      ] as const) {
        await page.goto(path);
        if (ready) await page.getByTestId(ready).waitFor();
        else await page.getByLabel("Endpoint URL").waitFor();
        const wide = await page.evaluate(() => [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).slice(-6).map((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().right}`));
        expect(await pageOverflow(page), `${name} ${viewport} ${theme}: page ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
        expect(await tableOverflow(page), `${name} ${viewport} ${theme}: tables`).toBe(0);
        await saveScreenshot(page, `fit-${name}-${viewport}-${theme}`);
      }
      await page.goto("/console/sessions");
      await expect(page.getByTestId("sessions-table").innerText()).resolves.toContain("order: A-1001");
      await expect(page.getByTestId("sessions-table").innerText()).resolves.toMatch(/Completed \d/);
      await page.goto(`/console/sessions/${session.id}`);
      // the finished session's detail says when it completed, not when it would have expired
      await expect(page.getByTestId("session-completed-at").innerText()).resolves.toMatch(/\d{4}/);
      await page.getByRole("button", { name: /^Page 2\W+open full size/ }).click();
      await page.getByTestId("page-viewer").getByText("Page 2 of 2").waitFor();
      await expect.poll(() => page.getByTestId("page-viewer").locator("img").evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await pageOverflow(page), `viewer ${viewport} ${theme}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/console/fit-viewer-${viewport}-${theme}.png` });
      await page.keyboard.press("Escape");
    }
    await page.context().close();
  });
});
