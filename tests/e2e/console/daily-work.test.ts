/**
 * The console for a day's work: the first webhook secret, password change, account deletion,
 * and every page at 390 and 1280 px in both themes (no sideways scroll, every control on screen).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { verifySignature } from "@docscan/verify-webhook";
import { startReceiver, type Receiver } from "../../support/receiver";
import { useBrowser } from "../support/use-browser";
import { api, createSession } from "../support/api";
import { ownerContext, PASSWORD, saveScreenshot, setThemeTo, signUpInBrowser } from "../support/console";
import { dashboard, signedUpOwner } from "../support/console-data";
import { scannedPdf, uploadPdf } from "../support/tiny-pdf";

const browser = useBrowser();
let down: Receiver;
beforeAll(async () => {
  down = await startReceiver({ kind: "status", status: 500, body: "boom: receiver is down" });
});
afterAll(() => down?.close());

/** Controls (links, buttons, inputs) in the main area whose box sticks out of the viewport. */
const offscreenControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main a, main button, main input, main select")]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest(".c-visually-hidden"))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => el.outerHTML.slice(0, 80)),
  );

describe("happy", () => {
  it("the first webhook secret is shown once when the URL is first saved, and verifies the first ping", async () => {
    const receiver = await startReceiver();
    try {
      const page = await (await ownerContext(browser())).newPage();
      await signUpInBrowser(page);
      await page.goto("/console/webhooks");
      await page.getByLabel("Endpoint URL").fill(receiver.url);
      await page.getByRole("button", { name: "Save" }).click();
      const secret = await page.getByTestId("first-webhook-secret-value").innerText();
      expect(secret).toMatch(/^whsec_/);
      await expect(page.getByTestId("first-webhook-secret").innerText()).resolves.toContain("verifySignature");
      await page.getByRole("button", { name: "Send test ping" }).click();
      await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
      const [ping] = receiver.requests;
      expect(verifySignature({ rawBody: ping.rawBody, header: ping.headers["x-scanner-signature"] as string, secret })).toBe(true);
      await page.reload();
      await page.getByTestId("webhook-secret-masked").waitFor();
      await expect(page.getByTestId("first-webhook-secret").count()).resolves.toBe(0);
      await expect(page.content()).resolves.not.toContain(secret);
      // Saving another URL later does not make a new secret.
      await page.getByLabel("Endpoint URL").fill(`${receiver.url}?again=1`);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved. Events").waitFor();
      await expect(page.getByTestId("first-webhook-secret").count()).resolves.toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it("changing the password logs the other browser out", async () => {
    const first = await (await ownerContext(browser())).newPage();
    const email = await signUpInBrowser(first);
    const second = await (await ownerContext(browser())).newPage();
    await second.goto("/console/login");
    await second.getByLabel("Email").fill(email);
    await second.getByLabel("Password").fill(PASSWORD);
    await second.getByRole("button", { name: "Log in" }).click();
    await second.waitForURL((url) => url.pathname === "/console");

    await first.goto("/console/settings");
    await first.getByLabel("Current password").fill(PASSWORD);
    await first.getByLabel("New password").fill("an entirely new passphrase");
    await first.getByRole("button", { name: "Change password" }).click();
    await first.getByTestId("password-result").getByText("Password changed. 1 other browser was logged out.").waitFor();

    await second.goto("/console/sessions");
    await second.waitForURL((url) => url.pathname === "/console/login");
    await first.goto("/console/sessions");
    await first.getByRole("heading", { name: "Sessions" }).waitFor();
  });

  it("the sign-up secret key is shown once; deleting the account leaves no key that authenticates", async () => {
    const page = await (await ownerContext(browser())).newPage();
    const email = await signUpInBrowser(page);
    const signupKey = await page.getByTestId("signup-secret-value").innerText();
    expect(signupKey).toMatch(/^sk_test_/);
    const session = await createSession(signupKey, { metadata: { order: "before-deletion" } });
    await page.reload();
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await expect(page.getByTestId("signup-secret").count()).resolves.toBe(0);

    await page.goto("/console/settings");
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Your email address").fill("not-me@example.com");
    await dialog.getByRole("button", { name: "Delete account for good" }).click();
    await dialog.getByText("must be your account's email address").waitFor();
    await dialog.getByLabel("Your email address").fill(email);
    await dialog.getByRole("button", { name: "Delete account for good" }).click();
    await page.waitForURL((url) => url.pathname === "/console/login");

    const read = await api("GET", `/v1/sessions/${session.id}`, { headers: { authorization: `Bearer ${signupKey}` } });
    expect(read.status).toBe(401);
    expect(read.body.error).toBe("invalid_api_key");
  });

  it("every console page at 390 and 1280 px, light and dark: no sideways scroll, every control on screen", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const done = await createSession(owner.secretKey, { metadata: { order: "ORD-77231", customer: "Ada Lovelace" } });
    await uploadPdf(done.client_token, await scannedPdf(2), 2);
    await createSession(owner.secretKey, { metadata: { order: "ORD-77232" } });
    await dashboard(owner, "POST", "/v1/dashboard/domains", { domain: "https://shop.example.com" });
    await dashboard(owner, "PUT", "/v1/dashboard/webhook", { url: down.url });
    await dashboard(owner, "POST", "/v1/dashboard/webhook/test");
    await dashboard(owner, "PUT", "/v1/dashboard/alerts", { low_balance_threshold: 1000 });
    const pages: [string, string, string][] = [
      ["overview", "/console", "webhook-failing"],
      ["sessions", "/console/sessions", "sessions-table"],
      ["session-detail", `/console/sessions/${done.id}`, "document-facts"],
      ["keys", "/console/keys", "keys-table"],
      ["origins", "/console/origins", ""],
      ["scanner", "/console/scanner", ""],
      ["webhooks", "/console/webhooks", "deliveries-table"],
      ["credits", "/console/credits", "ledger"],
      ["settings", "/console/settings", ""],
    ];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      for (const theme of ["light", "dark"] as const) {
        await setThemeTo(page, theme);
        for (const [name, path, ready] of pages) {
          await page.goto(path);
          await page.getByRole("heading", { level: 1 }).waitFor();
          if (ready) await page.getByTestId(ready).waitFor();
          await page.getByTestId("low-balance").waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} ${width} ${theme}: sideways scroll`).toBeLessThanOrEqual(0);
          await expect(offscreenControls(page), `${name} ${width} ${theme}`).resolves.toEqual([]);
          await saveScreenshot(page, `daily-${name}-${width}-${theme}`);
        }
      }
    }
  });
});
