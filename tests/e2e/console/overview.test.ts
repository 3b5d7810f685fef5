import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, setThemeTo, signUpInBrowser } from "../support/console";
import { dashboard, pageOverflow, sessionWith, signedUpOwner } from "../support/console-data";

const browser = useBrowser();

const today = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());

async function stepDone(page: Page, id: string): Promise<string | null> {
  return page.getByTestId(`step-${id}`).getAttribute("data-done");
}

async function total(page: Page, id: string): Promise<string> {
  return page.getByTestId(`total-${id}`).locator("dd").innerText();
}

describe("happy", () => {
  it("sign-up lands on the overview with 250 credits, the checklist and empty activity; copying the key ticks its step", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await expect(page.getByTestId("overview-balance").innerText()).resolves.toBe("250 credits");
    await page.getByTestId("checklist-progress").waitFor();
    await expect(page.getByTestId("checklist-progress").innerText()).resolves.toContain("0 of 5 steps done");
    for (const id of ["copy_key", "origin", "demo", "secret_key", "webhook"]) await expect(stepDone(page, id)).resolves.toBe("false");
    await page.getByText("No sessions in the last 30 days").waitFor();
    await expect(total(page, "created")).resolves.toBe("0");
    await expectNoSeriousA11yViolations(page, "overview, new account");

    const key = await page.getByTestId("publishable-key").innerText();
    expect(key).toMatch(/^pk_test_[\w-]+$/);
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByText("Copied").waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await expect(stepDone(page, "copy_key")).resolves.toBe("true");
    // Remembered in this browser as a flag, never as the key.
    await page.reload();
    await page.getByTestId("checklist-progress").waitFor();
    await expect(stepDone(page, "copy_key")).resolves.toBe("true");
    const stored = await page.evaluate(() => Object.entries(localStorage).map(([k, v]) => `${k}=${v}`).join("\n"));
    expect(stored).not.toContain(key);
  });

  it("sessions made over HTTP fill the totals, the chart (hover and keyboard) and the recent list; steps tick; the window switches", async () => {
    const { page, owner } = await signedUpOwner(browser());
    await sessionWith(owner, { metadata: { order: "A-1" } });
    await sessionWith(owner, { metadata: { order: "A-2" } });
    await sessionWith(owner, { metadata: { order: "A-3" }, complete: true, pages: 2 });
    await dashboard(owner, "POST", "/v1/dashboard/domains", { domain: "shop.example.com" });
    await dashboard(owner, "PUT", "/v1/dashboard/webhook", { url: "https://hooks.example.com/docscan" });

    await page.reload();
    await page.getByTestId("recent-table").waitFor();
    await expect(page.getByTestId("overview-balance").innerText()).resolves.toBe("249 credits");
    await expect(total(page, "created")).resolves.toBe("3");
    await expect(total(page, "completed")).resolves.toBe("1");
    await expect(total(page, "failed")).resolves.toBe("0");
    await expect(total(page, "rate")).resolves.toBe("33 %");
    await expect(page.getByTestId("by-mode").innerText()).resolves.toMatch(/Test sessions\s+3\s+Live sessions\s+0\s+Pages scanned\s+2\s+Credits spent\s+1/);
    await expect(page.getByTestId("recent-table").locator("tbody tr").count()).resolves.toBe(3);
    await expect(page.getByTestId("checklist-progress").innerText()).resolves.toContain("4 of 5 steps done");
    for (const id of ["origin", "demo", "secret_key", "webhook"]) await expect(stepDone(page, id), id).resolves.toBe("true");

    // Hover over today (the right edge) shows the day's numbers.
    const chart = page.getByTestId("chart");
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width - 16, y: 100 } });
    await expect(page.getByTestId("chart-tooltip").innerText()).resolves.toMatch(new RegExp(`${today}\\s+Created: 3\\s+Completed: 1\\s+Failed: 0`));
    await page.getByRole("heading", { name: "Activity" }).hover();
    await page.getByTestId("chart-tooltip").waitFor({ state: "detached" });
    // Keyboard: Tab from the window picker reaches the chart, which starts at today; arrows walk the days.
    await page.getByRole("radio", { name: "30 days" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe("chart");
    await expect(page.getByTestId("chart-tooltip").innerText()).resolves.toContain(today);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("chart-tooltip").innerText()).resolves.toMatch(/Created: 0/);
    await expect(page.locator(".c-chart [aria-live]").innerText()).resolves.toMatch(/0 created, 0 completed, 0 failed/);
    await page.keyboard.press("End");
    await expect(page.locator(".c-chart [aria-live]").innerText()).resolves.toBe(`${today}: 3 created, 1 completed, 0 failed`);
    // The numbers as a table.
    await page.getByText("Show the numbers as a table").click();
    await expect(page.locator(".c-chart__data tbody tr").first().innerText()).resolves.toMatch(new RegExp(`${today}\\s+3\\s+1\\s+0`));
    await expect(page.locator(".c-chart__data tbody tr").count()).resolves.toBe(30);
    await expectNoSeriousA11yViolations(page, "overview with data");

    for (const days of [7, 90]) {
      await page.getByRole("radio", { name: `${days} days` }).check();
      await page.getByTestId("activity-summary").filter({ hasText: `the last ${days} days` }).waitFor();
      await expect(page.locator(".c-chart__data tbody tr").count()).resolves.toBe(days);
      await expect(total(page, "created")).resolves.toBe("3");
    }

    // The last step: copying the key; then the checklist goes away.
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByRole("heading", { name: "Get started" }).waitFor({ state: "detached" });
  });

  it("screenshots in both themes, phone and desktop", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { page, owner } = await signedUpOwner(browser(), { viewport });
      await sessionWith(owner, { metadata: { order: "A-1" } });
      await sessionWith(owner, { complete: true });
      for (const theme of ["light", "dark"] as const) {
        await setThemeTo(page, theme);
        await page.reload();
        await page.getByTestId("recent-table").waitFor();
        await page.getByTestId("checklist-progress").waitFor();
        await expectNoSeriousA11yViolations(page, `overview ${viewport} ${theme}`);
        const chart = page.getByTestId("chart");
        const box = (await chart.boundingBox())!;
        await chart.hover({ position: { x: box.width - 16, y: 100 } });
        await saveScreenshot(page, `overview-${viewport}-${theme}`);
        await expect(pageOverflow(page), `${viewport} page width`).resolves.toBeLessThanOrEqual(0);
      }
    }
  });
});

describe("errors", () => {
  it("a failed analytics read says so in words and recovers with Try again", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    let fail = true;
    await page.route("**/v1/dashboard/analytics*", (route) =>
      fail ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "service_unavailable", message: "down" }) }) : route.continue(),
    );
    await page.reload();
    const alert = page.getByRole("alert").filter({ hasText: "Could not load activity" });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain("The service is busy or down for a moment. Try again shortly.");
    await expectNoSeriousA11yViolations(page, "overview, analytics failed");
    fail = false;
    await page.getByRole("button", { name: "Try again" }).first().click();
    await page.getByText("No sessions in the last 30 days").waitFor();
    await expect(page.getByRole("alert").filter({ hasText: "Could not load" }).count()).resolves.toBe(0);
  });
});

describe("security", () => {
  it("the overview shows the publishable key only: no secret key value reaches the page", async () => {
    const { page, owner } = await signedUpOwner(browser());
    await page.reload();
    await page.getByTestId("checklist-progress").waitFor();
    const html = await page.content();
    expect(html).not.toContain(owner.secretKey);
    expect(html).not.toMatch(/sk_test_[A-Za-z0-9]{20,}/);
  });
});
