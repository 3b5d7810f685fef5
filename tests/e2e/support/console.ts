/**
 * Drives the console as an owner would: a fresh browser context per owner (own cookie jar,
 * own client address for the signup throttle), axe-core checks, and screenshots saved as
 * test artifacts under test-results/console/.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import axe from "axe-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./server";

export const SCREENSHOT_DIR = path.resolve("test-results", "console");
export const PASSWORD = "correct horse battery";

export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 860 },
} as const;

export interface OwnerOptions {
  viewport?: keyof typeof VIEWPORTS;
  colorScheme?: "light" | "dark";
}

/**
 * A browser context for one owner. It bypasses CSP only so axe-core can be injected; the
 * CSP itself is checked over HTTP in console-security.test.ts. Not for an integrator's page:
 * its X-Forwarded-For goes out with every request, so a page's cross-origin fetch fails the
 * API's CORS preflight; such a page gets a plain context of its own.
 */
export async function ownerContext(browser: Browser, options: OwnerOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    colorScheme: options.colorScheme ?? "light",
    bypassCSP: true,
    // Signup is throttled per client address; each owner comes from its own (TEST-NET-2).
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
    permissions: ["clipboard-read", "clipboard-write"],
  });
}

export function newEmail(): string {
  return `owner-${randomUUID()}@example.com`;
}

/** Signs up through the form and waits for the overview. */
export async function signUpInBrowser(page: Page, email = newEmail()): Promise<string> {
  await page.goto("/console/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Company (optional)").fill("Acme Forms");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/console");
  await page.getByRole("heading", { level: 1 }).waitFor();
  return email;
}

/** Runs axe-core (WCAG 2.0–2.2 A and AA rules) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // A client-side redirect sets <title> just after the URL changes (it flaked on the log-in
  // page): judge the page once it has one. A page that never gets one still fails, below.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5000 }).catch(() => undefined);
  await page.addScriptTag({ content: axe.source });
  const result = await page.evaluate(async () => {
    const run = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return run.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const serious = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Saves a full-page screenshot as a test artifact. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Sets the theme through the API and the cookie, for screenshot loops (the Settings test drives the control itself). */
export async function setThemeTo(page: Page, mode: "light" | "dark"): Promise<void> {
  await page.evaluate(async (m) => {
    await fetch("/v1/dashboard/settings", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ theme_mode: m }) });
    document.cookie = `sc_theme=${m}; Path=/; SameSite=Lax`;
  }, mode);
}
