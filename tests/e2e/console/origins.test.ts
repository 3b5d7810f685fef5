import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, signUpInBrowser } from "../support/console";
import { screenshotEveryTheme } from "../support/console-shots";

const browser = useBrowser();

async function originsPage(): Promise<Page> {
  const page = await (await ownerContext(browser())).newPage();
  await signUpInBrowser(page);
  await page.goto("/console/origins");
  await page.getByRole("button", { name: "Add origin" }).waitFor();
  await page.getByText("No origins yet").waitFor();
  return page;
}

async function addOrigin(page: Page, value: string): Promise<void> {
  await page.getByLabel("Origin", { exact: true }).fill(value);
  await page.getByRole("button", { name: "Add origin" }).click();
}

const listed = (page: Page) => page.locator("[data-testid=origins-list] code").allInnerTexts();
const statusSays = (page: Page, text: string) => page.getByTestId("origins-status").filter({ hasText: text }).waitFor();
/** The allowlist as the account read (`/v1/auth/me`) sees it: what the overview checklist uses. */
const accountOrigins = (page: Page) => page.evaluate(async () => (await (await fetch("/v1/auth/me")).json()).tenant.allowed_origins as string[]);

describe("happy", () => {
  it("localhost:PORT is stored as https, with a warning and a one-click fix that adds the http origin", async () => {
    const page = await originsPage();
    await expectNoSeriousA11yViolations(page, "origins empty");
    await addOrigin(page, "localhost:4321");
    await statusSays(page, "Added https://localhost:4321");
    const hint = page.getByTestId("localhost-http-hint");
    await expect(hint.innerText()).resolves.toContain("you probably meant http://localhost:4321");
    await expect(listed(page)).resolves.toEqual(["https://localhost:4321"]);
    await expectNoSeriousA11yViolations(page, "origins with the http warning");

    await hint.getByRole("button", { name: "Add http://localhost:4321" }).click();
    await statusSays(page, "Added http://localhost:4321");
    await expect(hint.count()).resolves.toBe(0);
    await expect(listed(page)).resolves.toEqual(["https://localhost:4321", "http://localhost:4321"]);
    await expect(accountOrigins(page)).resolves.toEqual(["https://localhost:4321", "http://localhost:4321"]);
  });

  it("a bare hostname with a path is stored as its https origin; removal asks first", async () => {
    const page = await originsPage();
    await addOrigin(page, "Shop.Example.com/checkout?x=1");
    await statusSays(page, "Added https://shop.example.com (you typed “Shop.Example.com/checkout?x=1”");
    await expect(page.getByTestId("localhost-http-hint").count()).resolves.toBe(0);
    await expect(page.getByLabel("Origin", { exact: true }).inputValue()).resolves.toBe("");

    await page.getByRole("button", { name: "Remove https://shop.example.com" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.innerText()).resolves.toContain("Remove https://shop.example.com?");
    await expectNoSeriousA11yViolations(page, "remove dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(listed(page)).resolves.toEqual(["https://shop.example.com"]);

    await page.getByRole("button", { name: "Remove https://shop.example.com" }).click();
    await dialog.getByRole("button", { name: "Remove origin" }).click();
    await statusSays(page, "Removed https://shop.example.com");
    await page.getByText("No origins yet").waitFor();
    await expect(accountOrigins(page)).resolves.toEqual([]);
  });

  it("screenshots in both themes, phone and desktop", async () => {
    const page = await originsPage();
    await addOrigin(page, "https://shop.example.com");
    await statusSays(page, "Added https://shop.example.com");
    let port = 5000;
    await screenshotEveryTheme(page, "origins", async (p) => {
      await addOrigin(p, `localhost:${++port}`);
      await p.getByTestId("localhost-http-hint").waitFor();
    });
  });
});

describe("errors", () => {
  it("a duplicate and an unparseable value are refused at the field, and the list is unchanged", async () => {
    const page = await originsPage();
    await addOrigin(page, "https://shop.example.com");
    await statusSays(page, "Added https://shop.example.com");

    await addOrigin(page, "shop.example.com/other-page");
    await page.getByText("Origin https://shop.example.com is already on the allowlist").waitFor();
    await expect(page.getByLabel("Origin", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.getByLabel("Origin", { exact: true }).inputValue()).resolves.toBe("shop.example.com/other-page");
    await expectNoSeriousA11yViolations(page, "origins duplicate");

    await addOrigin(page, "*.example.com");
    await page.getByText("Origin must be a hostname or an http(s) URL").waitFor();
    await addOrigin(page, "");
    await page.getByText("Origin is required").waitFor();

    await page.reload();
    await page.locator("[data-testid=origins-list]").waitFor();
    await expect(listed(page)).resolves.toEqual(["https://shop.example.com"]);
  });
});
