import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devices, type Browser, type Page } from "playwright-core";
import { allowOrigin, api, newTenant, type Tenant } from "./support/api";
import { launchChromium } from "./support/browser";
import { decodeQrPng } from "./support/qr";
import { baseUrl } from "./support/server";
import { tinyPdf, uploadPdf } from "./support/tiny-pdf";

let browser: Browser;
let tenant: Tenant;
beforeAll(async () => {
  [browser, tenant] = await Promise.all([launchChromium(), newTenant()]);
  await allowOrigin(tenant, baseUrl());
});
afterAll(() => browser?.close());

async function openDemo(key: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  await page.goto(`${baseUrl()}/demo`);
  await page.waitForFunction(() => "DocScan" in window);
  await page.getByLabel("Publishable key").fill(key);
  return page;
}

const logText = (page: Page) => page.getByTestId("event-log").innerText();

describe("happy", () => {
  it("QR hand-off end to end: the phone scans the QR, the demo shows pages, size and the PDF link", async () => {
    const page = await openDemo(tenant.publishableKey);
    await page.getByRole("button", { name: "Continue on phone (QR)" }).click();
    const img = page.locator('[data-testid="qr-container"] img');
    await page.waitForFunction(() => (document.querySelector('[data-testid="qr-container"] img') as HTMLImageElement | null)?.naturalWidth);
    const scanned = decodeQrPng(await img.screenshot());
    expect(scanned.startsWith(`${baseUrl()}/scan?c=`)).toBe(true);

    // The phone: opens the link (which opens the session), then uploads with the token the config hands it.
    const phone = await (await browser.newContext({ ...devices["Pixel 5"] })).newPage();
    await phone.goto(scanned);
    const config = await api("GET", `/v1/scanner/config?c=${encodeURIComponent(new URL(scanned).searchParams.get("c")!)}`);
    expect(config.status).toBe(200);
    await page.getByText("status").first().waitFor();
    const pdf = await tinyPdf(3);
    await uploadPdf(config.body.client_token, pdf, 3);

    await page.getByTestId("result").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("result-pages").innerText()).toBe("3");
    expect(await page.getByTestId("result-bytes").innerText()).toBe(`${pdf.length.toLocaleString("en")} bytes`);
    const href = await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
    const file = await fetch(href!);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await logText(page)).toMatch(/session created[\s\S]*status[\s\S]*onComplete/);
    await phone.context().close();
    await page.context().close();
  });

  it("modal and inline runs open the scanner; Escape and Stop end them", async () => {
    const page = await openDemo(tenant.publishableKey);
    await page.getByRole("button", { name: "Scan (modal)" }).click();
    await page.locator('[data-docscan="modal"] iframe').waitFor();
    await page.keyboard.press("Escape");
    await page.getByText("onCancel").waitFor();
    expect(await page.locator('[data-docscan="modal"]').count()).toBe(0);

    await page.getByRole("button", { name: "Scan (inline)" }).click();
    const frame = page.locator('[data-testid="inline-container"] iframe');
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toMatch(new RegExp(`^${baseUrl()}/scan\\?t=`));
    await page.getByRole("button", { name: "Stop" }).click();
    expect(await frame.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Scan (inline)" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("keeps the key in localStorage across reloads", async () => {
    const page = await openDemo(tenant.publishableKey);
    await page.reload();
    await expect.poll(() => page.getByLabel("Publishable key").inputValue()).toBe(tenant.publishableKey);
    await page.context().close();
  });
});

describe("errors", () => {
  it("explains a missing allowlist entry instead of failing silently", async () => {
    const stranger = await newTenant();
    const page = await openDemo(stranger.publishableKey);
    expect(await page.getByTestId("demo-origin").innerText()).toBe(baseUrl());
    await page.getByRole("button", { name: "Scan (modal)" }).click();
    await page.getByText("session not created").waitFor();
    expect(await logText(page)).toContain("origin_not_allowed");
    expect(await logText(page)).toContain("not on your account's allowlist");
    expect(await page.locator("iframe").count()).toBe(0);
    await page.context().close();
  });

  it("refuses a secret key in the page", async () => {
    const page = await openDemo(tenant.secretKey);
    expect(await page.getByText("That is a secret key").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Scan (modal)" }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
