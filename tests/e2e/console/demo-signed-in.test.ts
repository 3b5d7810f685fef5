import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, signUpInBrowser } from "../support/console";
import { baseUrl } from "../support/server";

const browser = useBrowser();

describe("happy", () => {
  it("signed in, the demo offers the owner's publishable key and a one-click 'allow this origin'", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await page.goto("/demo");
    const useKey = page.getByRole("button", { name: /^Use my publishable key \(pk_test_/ });
    await useKey.click();
    await expect(page.getByLabel("Publishable key").inputValue()).resolves.toMatch(/^pk_test_/);

    await page.getByRole("button", { name: "Allow this origin" }).click();
    await expect(page.getByTestId("origin-allowed").innerText()).resolves.toContain(`${baseUrl()} is on your allowlist.`);
    const domains = await page.evaluate(() => fetch("/v1/dashboard/domains").then((r) => r.json()));
    expect(domains).toEqual({ domains: [baseUrl()] });
  });

  it("signed out, the demo points at the real console pages", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/demo");
    await expect(page.getByRole("link", { name: "API keys" }).getAttribute("href")).resolves.toBe("/console/keys");
    await expect(page.getByRole("link", { name: "Allowed origins" }).getAttribute("href")).resolves.toBe("/console/origins");
    await expect(page.getByRole("button", { name: "Allow this origin" }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page, "demo signed out");
    await saveScreenshot(page, "demo-signed-out-desktop-light");
  });
});
