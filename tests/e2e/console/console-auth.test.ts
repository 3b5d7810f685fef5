import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api } from "../support/api";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, newEmail, ownerContext, PASSWORD, saveScreenshot, signUpInBrowser } from "../support/console";
import { baseUrl } from "../support/server";

const browser = useBrowser();

/** The form's problem line once the answer has arrived. */
async function problemText(page: Page): Promise<string> {
  const problem = page.getByTestId("auth-problem");
  await problem.filter({ hasText: /./ }).waitFor();
  return problem.innerText();
}

describe("happy", () => {
  it("the landing page leads to sign-up; sign-up lands on the overview with the 250-credit balance", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toContain("document scanner");
    await expectNoSeriousA11yViolations(page, "landing");
    await page.getByRole("link", { name: "Create a free account" }).click();
    await page.waitForURL("**/console/signup");
    await expectNoSeriousA11yViolations(page, "signup");
    await signUpInBrowser(page);
    await expect(page.getByTestId("shell-balance").innerText()).resolves.toBe("250 credits");
    // Signed in, / goes straight to the console.
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/console");
  });

  it("a signed-out visit to a console page goes to log-in and returns there afterwards", async () => {
    const email = newEmail();
    const setup = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(setup, email);

    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/console/keys?x=1");
    await page.waitForURL((url) => url.pathname === "/console/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/console/keys?x=1");
    await expectNoSeriousA11yViolations(page, "login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/console/keys" && url.search === "?x=1");
  });

  it("logging out closes every console page", async () => {
    const context = await ownerContext(browser());
    const page = await context.newPage();
    await signUpInBrowser(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/console/login");
    for (const path of ["/console", "/console/keys", "/console/origins", "/console/credits", "/console/sessions", "/console/scanner", "/console/webhooks", "/console/settings"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/console/login");
      expect(new URL(page.url()).searchParams.get("next"), path).toBe(path);
    }
    expect((await context.cookies()).find((c) => c.name === "sc_session")).toBeUndefined();
  });
});

describe("errors", () => {
  it("shows field errors next to their fields, and nothing is sent while the form is invalid", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/console/signup");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Email must be a valid email address").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Password must be at least 10 characters").isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Email").getAttribute("aria-invalid")).resolves.toBe("true");
    await expectNoSeriousA11yViolations(page, "signup with errors");
    await saveScreenshot(page, "signup-errors-desktop-light");
  });

  it("409 email_taken and 401 invalid_credentials in plain words", async () => {
    const email = newEmail();
    const first = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(first, email);

    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/console/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(problemText(page)).resolves.toContain("An account with this email already exists");

    await page.goto("/console/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password 123");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(problemText(page)).resolves.toContain("do not match an account");
  });

  it("429 says how long to wait, from Retry-After", async () => {
    const email = newEmail();
    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/console/login");
    for (let i = 0; i < 12; i++) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`wrong password ${i}`);
      await page.getByRole("button", { name: "Log in" }).click();
      if ((await problemText(page)).startsWith("Too many attempts")) break;
    }
    await expect(page.getByTestId("auth-problem").innerText()).resolves.toMatch(/^Too many attempts\. Wait \d+ (seconds|minutes) and try again\.$/);
  });
});

describe("security", () => {
  it("console pages cannot be framed, send a referrer policy and a nonce-based CSP", async () => {
    for (const path of ["/", "/console/login", "/console", "/console/keys"]) {
      const res = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("referrer-policy"), path).toBe("same-origin");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
      expect(csp, path).not.toContain("unsafe-eval");
    }
    const page = await fetch(`${baseUrl()}/console/login`).then((r) => Promise.all([r.headers.get("content-security-policy"), r.text()]));
    const nonce = /'nonce-([^']+)'/.exec(page[0] ?? "")![1];
    // Every script Next renders carries the nonce; none runs without it.
    const scripts = [...page[1].matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("a ?next= pointing elsewhere is ignored after log-in", async () => {
    const email = newEmail();
    await signUpInBrowser(await (await ownerContext(browser())).newPage(), email);
    const page = await (await ownerContext(browser())).newPage();
    await page.goto(`/console/login?next=${encodeURIComponent("//evil.example/console")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/console");
    expect(new URL(page.url()).origin).toBe(baseUrl());
  });

  it("the console API still refuses a mutation from another origin", async () => {
    const res = await api("POST", "/v1/auth/login", { json: { email: "a@example.com", password: "x" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("origin_not_allowed");
  });
});
