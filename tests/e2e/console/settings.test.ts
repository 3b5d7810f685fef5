import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api } from "../support/api";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, signUpInBrowser } from "../support/console";

const browser = useBrowser();

const rootTheme = (page: Page) => page.locator("[data-console-root]").getAttribute("data-theme");
const pageBackground = (page: Page) => page.locator("[data-console-root]").evaluate((el) => getComputedStyle(el).backgroundColor);

describe("happy", () => {
  it("dark mode applies to the whole console at once, and survives a reload and a new login", async () => {
    const context = await ownerContext(browser(), { colorScheme: "light" });
    const page = await context.newPage();
    await signUpInBrowser(page);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    const light = await pageBackground(page);

    await page.getByRole("radio", { name: "Dark", exact: true }).check();
    await page.getByTestId("settings-result").filter({ hasText: "Theme saved: Dark." }).waitFor();
    expect(await rootTheme(page)).toBe("dark");
    expect(await pageBackground(page)).not.toBe(light);

    await page.reload();
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect(await rootTheme(page)).toBe("dark");
    await expect(page.getByRole("radio", { name: "Dark", exact: true }).isChecked()).resolves.toBe(true);

    // The choice lives on the account: the API reports it.
    const cookie = (await context.cookies()).find((c) => c.name === "sc_session")!;
    const me = await api("GET", "/v1/auth/me", { headers: { cookie: `sc_session=${cookie.value}` } });
    expect(me.body.user.theme_mode).toBe("dark");
  });

  it("auto follows the device's colour scheme", async () => {
    const page = await (await ownerContext(browser(), { colorScheme: "dark" })).newPage();
    await signUpInBrowser(page);
    await page.goto("/console/settings");
    await page.getByRole("radio", { name: "Light", exact: true }).check();
    await page.getByTestId("settings-result").filter({ hasText: "Light" }).waitFor();
    const light = await pageBackground(page);
    await page.getByRole("radio", { name: "Match my device" }).check();
    await page.getByTestId("settings-result").filter({ hasText: "Match my device" }).waitFor();
    expect(await rootTheme(page)).toBe("auto");
    expect(await pageBackground(page)).not.toBe(light);
  });

  it("shows the account and tenant details; screenshots in both themes at phone and desktop widths", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const page = await (await ownerContext(browser(), { viewport })).newPage();
      const email = await signUpInBrowser(page);
      await page.goto("/console/settings");
      const details = page.locator(".c-details");
      await details.waitFor();
      await expect(details.getByText(email).isVisible()).resolves.toBe(true);
      await expect(details.getByText("Acme Forms").isVisible()).resolves.toBe(true);
      for (const theme of ["light", "dark"] as const) {
        await page.getByRole("radio", { name: theme === "light" ? "Light" : "Dark", exact: true }).check();
        await page.getByTestId("settings-result").filter({ hasText: theme === "light" ? "Light" : "Dark" }).waitFor();
        await expectNoSeriousA11yViolations(page, `settings ${viewport} ${theme}`);
        await saveScreenshot(page, `settings-${viewport}-${theme}`);
      }
    }
  });

  it("on a phone the navigation is a menu that opens with the keyboard", async () => {
    const page = await (await ownerContext(browser(), { viewport: "phone" })).newPage();
    await signUpInBrowser(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(page.getByRole("link", { name: "Webhooks" }).isVisible()).resolves.toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/console/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await saveScreenshot(page, "shell-phone-menu-closed");
  });
});
