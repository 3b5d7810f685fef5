import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api } from "../support/api";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, signUpInBrowser } from "../support/console";
import { screenshotEveryTheme } from "../support/console-shots";

const browser = useBrowser();

async function keysPage(): Promise<Page> {
  const page = await (await ownerContext(browser())).newPage();
  await signUpInBrowser(page);
  await page.goto("/console/keys");
  await page.getByTestId("keys-table").waitFor();
  return page;
}

/** Creates a secret key through the form and returns the value shown once. */
async function createSecretKey(page: Page, name: string): Promise<string> {
  await page.getByLabel("Name (optional)").fill(name);
  await page.getByLabel("Kind").selectOption("secret");
  await page.getByRole("button", { name: "Create key" }).click();
  return page.getByTestId("new-secret-value").innerText();
}

const sessionWith = (key: string) => api("POST", "/v1/sessions", { json: {}, headers: { authorization: `Bearer ${key}` } });

describe("happy", () => {
  it("a new secret key is shown once, copies, creates a session; revoked after a confirmation, it is refused", async () => {
    const page = await keysPage();
    await expect(page.getByTestId("signup-secret-note").innerText()).resolves.toContain("shown only once, right after sign-up");
    await expectNoSeriousA11yViolations(page, "keys");

    await page.getByRole("button", { name: "Create a secret key" }).click();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("name");
    const secret = await createSecretKey(page, "Build server");
    expect(secret).toMatch(/^sk_test_[A-Za-z0-9_-]{32,}$/);
    await expect(page.getByText("You will not see this again.").isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Copy secret key" }).click();
    await page.getByText("Copied", { exact: true }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await expectNoSeriousA11yViolations(page, "keys with a new secret");

    const created = await sessionWith(secret);
    expect(created.status).toBe(201);

    const row = page.locator("tr", { hasText: "Build server" });
    await page.getByRole("button", { name: "Revoke “Build server”" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.innerText()).resolves.toContain("Revoke “Build server”?");
    await expectNoSeriousA11yViolations(page, "revoke dialog");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByTestId("keys-status").filter({ hasText: "Revoked “Build server”" }).waitFor();
    await expect(row.getByText(/^Revoked /).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("new-secret").count()).resolves.toBe(0);

    const refused = await sessionWith(secret);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("invalid_api_key");

    await page.reload();
    await page.getByTestId("keys-table").waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
    // Revoked keys stay listed, marked.
    await expect(page.locator("tr", { hasText: "Build server" }).getByText(/^Revoked /).isVisible()).resolves.toBe(true);
  });

  it("a publishable key is shown in full; copying it ticks the getting-started step", async () => {
    const page = await keysPage();
    const row = page.locator("tr", { hasText: "Test publishable key" });
    const value = await row.locator("code").innerText();
    expect(value).toMatch(/^pk_test_/);
    await row.getByRole("button", { name: "Copy “Test publishable key”" }).click();
    await row.getByText("Copied", { exact: true }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(value);
    const flags = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(".copied_publishable_key")));
    expect(flags).toHaveLength(1);

    await page.getByLabel("Name (optional)").fill("Shop front");
    await page.getByLabel("Kind").selectOption("publishable");
    await page.getByLabel("Mode").selectOption("live");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByTestId("keys-status").filter({ hasText: "Created the publishable key “Shop front”" }).waitFor();
    await expect(page.locator("tr", { hasText: "Shop front" }).locator("code").innerText()).resolves.toMatch(/^pk_live_/);
    await expect(page.getByTestId("new-secret").count()).resolves.toBe(0);
  });

  it("screenshots in both themes, phone and desktop", async () => {
    const page = await keysPage();
    let n = 0;
    await screenshotEveryTheme(page, "keys", async (p) => {
      await p.getByTestId("keys-table").waitFor();
      await createSecretKey(p, `Server ${++n}`);
    });
  });
});

describe("errors", () => {
  it("a name over 60 characters is refused at its field and nothing is created", async () => {
    const page = await keysPage();
    const before = await page.locator("[data-testid=keys-table] tbody tr").count();
    await page.getByLabel("Name (optional)").fill("x".repeat(61));
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Name (optional) must be at most 60 characters").waitFor();
    await expect(page.getByLabel("Name (optional)").getAttribute("aria-invalid")).resolves.toBe("true");
    await expectNoSeriousA11yViolations(page, "keys with a field error");
    await page.reload();
    await page.getByTestId("keys-table").waitFor();
    await expect(page.locator("[data-testid=keys-table] tbody tr").count()).resolves.toBe(before);
  });
});

describe("security", () => {
  it("the new secret is kept nowhere but the page, and leaves the DOM when the owner leaves the page", async () => {
    const page = await keysPage();
    const secret = await createSecretKey(page, "Leaves with the page");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href + document.cookie);
    expect(stored).not.toContain(secret);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("**/console/webhooks");
    await expect(page.content()).resolves.not.toContain(secret);
    await page.goBack();
    await page.getByTestId("keys-table").waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
  });
});
