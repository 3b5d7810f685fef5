import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/openapi/operations";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { useBrowser } from "./support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, signUpInBrowser, VIEWPORTS } from "./support/console";

const browser = useBrowser();

describe("the API reference page (/docs)", () => {
  it("shows every operation with its request and responses; screenshots in both themes, phone and desktop", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await (await ownerContext(browser(), { viewport, colorScheme })).newPage();
        await page.goto("/docs");
        await page.getByRole("heading", { level: 1, name: "docscan API reference" }).waitFor();
        await expect(page.locator("article.d-op").count()).resolves.toBe(OPERATIONS.length + WEBHOOK_EVENTS.length); // + each webhook event
        const create = page.locator("#postSessions");
        await expect(create.getByText("POST", { exact: true }).isVisible()).resolves.toBe(true);
        await expect(create.locator(".d-field", { hasText: "allowed_origins" }).isVisible()).resolves.toBe(true);
        await expect(create.getByText("402", { exact: true }).isVisible()).resolves.toBe(true);
        await expectNoSeriousA11yViolations(page, `docs ${viewport} ${colorScheme}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `docs ${viewport}: page width`).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        await saveScreenshot(page, `docs-${viewport}-${colorScheme}`);
        await page.context().close();
      }
    }
  }, 300_000); // four page loads with axe on a long page: past 120 s on a loaded machine

  it("links to the machine-readable document, which the console links to", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL("**/docs");
    const response = await page.request.get(await page.getByRole("link", { name: "/v1/openapi.json" }).getAttribute("href").then((h) => h!));
    expect(response.status()).toBe(200);
    expect((await response.json()).openapi).toBe("3.1.0");
  });
});
