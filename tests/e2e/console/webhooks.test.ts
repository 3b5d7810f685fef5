import { afterEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startReceiver, type Receiver } from "../../support/receiver";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, signUpInBrowser } from "../support/console";
import { screenshotEveryTheme } from "../support/console-shots";

const browser = useBrowser();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function webhooksPage(): Promise<Page> {
  const page = await (await ownerContext(browser())).newPage();
  await signUpInBrowser(page);
  await page.goto("/console/webhooks");
  await page.getByLabel("Endpoint URL").waitFor();
  await page.getByText("No deliveries yet").waitFor();
  return page;
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function saveEndpoint(page: Page, url: string): Promise<void> {
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Save" }).click();
}

const row = (page: Page, id: string) => page.locator(`tr[data-delivery-id="${id}"]`);
const savedConfig = (page: Page) => page.evaluate(async () => (await fetch("/v1/dashboard/webhook")).json() as Promise<{ url: string; events: string[] }>);

/** Sends a test ping from the page; returns the new delivery's id once it shows as succeeded. */
async function pingAndWait(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Send test ping" }).click();
  await page.getByTestId("webhook-status").filter({ hasText: "Test ping sent" }).waitFor();
  const id = await page.locator("[data-testid=deliveries-table] tbody tr").first().getAttribute("data-delivery-id");
  await row(page, id!).getByText("Succeeded").waitFor({ timeout: 15_000 });
  return id!;
}

describe("happy", () => {
  it("a local receiver gets a test ping; the log shows it succeeded, with attempts and payload; a replay appears as a new delivery", async () => {
    const page = await webhooksPage();
    await expectNoSeriousA11yViolations(page, "webhooks empty");
    const hook = await receiver();
    await saveEndpoint(page, hook.url);
    await page.getByTestId("webhook-status").filter({ hasText: `sent to ${hook.url}` }).waitFor();
    await page.getByLabel("scan.failed").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("webhook-status").filter({ hasText: "scan.completed, scan.failed" }).waitFor();
    await expect(savedConfig(page)).resolves.toMatchObject({ url: hook.url, events: ["scan.completed", "scan.failed"] });

    const pingId = await pingAndWait(page);
    expect(hook.requests).toHaveLength(1);
    expect(String(hook.requests[0].headers["x-scanner-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const pingRow = row(page, pingId);
    await expect(pingRow.innerText()).resolves.toMatch(/test\.ping[\s\S]*Succeeded[\s\S]*1[\s\S]*HTTP 200/);

    await pingRow.getByRole("button", { name: /^Details of test\.ping/ }).click();
    const details = page.locator(`#details-${pingId}`);
    await expect(details.innerText()).resolves.toMatch(/HTTP 200, \d+ ms/);
    await expect(details.locator("pre[aria-label^='Payload']").innerText()).resolves.toContain('"type": "test.ping"');
    await expectNoSeriousA11yViolations(page, "webhooks with details open");

    await pingRow.getByRole("button", { name: /^Replay test\.ping/ }).click();
    await page.getByTestId("log-status").filter({ hasText: `Replayed ${pingId} as a new delivery` }).waitFor();
    const replayId = await page.locator("[data-testid=deliveries-table] tbody tr").first().getAttribute("data-delivery-id");
    expect(replayId).not.toBe(pingId);
    await expect(row(page, replayId!).innerText()).resolves.toContain(`Replay of ${pingId}`);
    await row(page, replayId!).getByText("Succeeded").waitFor({ timeout: 15_000 });
    expect(hook.requests).toHaveLength(2);
    expect(hook.requests[1].rawBody.equals(hook.requests[0].rawBody)).toBe(true);
  });

  it("rotating the secret asks first, then shows the new secret once", async () => {
    const page = await webhooksPage();
    const masked = await page.getByTestId("webhook-secret-masked").innerText();
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.innerText()).resolves.toContain("Existing receivers must be updated");
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const secret = await page.getByTestId("new-webhook-secret-value").innerText();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByTestId("new-webhook-secret").innerText()).resolves.toContain("You will not see this again.");
    await page.getByRole("button", { name: "Copy signing secret" }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await page.getByTestId("webhook-secret-masked").filter({ hasNotText: masked }).waitFor();
    await expect(page.getByTestId("webhook-secret-masked").innerText()).resolves.not.toContain(secret);
    await expectNoSeriousA11yViolations(page, "webhooks with a new secret");

    await page.reload();
    await page.getByTestId("webhook-secret-masked").waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
  });

  it("screenshots in both themes, phone and desktop", async () => {
    const page = await webhooksPage();
    const hook = await receiver();
    await saveEndpoint(page, hook.url);
    await page.getByTestId("webhook-status").filter({ hasText: "Saved" }).waitFor();
    const id = await pingAndWait(page);
    await screenshotEveryTheme(page, "webhooks", async (p) => {
      await row(p, id).getByRole("button", { name: /^Details/ }).click();
      await p.locator(`#details-${id}`).waitFor();
    });
  });
});

describe("errors", () => {
  it("http://example.com is refused at the URL field and nothing is saved", async () => {
    const page = await webhooksPage();
    await saveEndpoint(page, "http://example.com/hook");
    await page.getByText("Endpoint URL must use https (http is allowed only for localhost)").waitFor();
    await expect(page.getByLabel("Endpoint URL").getAttribute("aria-invalid")).resolves.toBe("true");
    await expectNoSeriousA11yViolations(page, "webhooks with a field error");
    await expect(savedConfig(page)).resolves.toMatchObject({ url: "" });
  });

  it("a test ping without an endpoint says to save a URL first", async () => {
    const page = await webhooksPage();
    await page.getByRole("button", { name: "Send test ping" }).click();
    await page.getByRole("alert").filter({ hasText: "There is no webhook URL to send to yet" }).waitFor();
    await expect(page.getByText("No deliveries yet").isVisible()).resolves.toBe(true);
  });

  it("a receiver that answers 500 shows as failed after its three attempts", async () => {
    const page = await webhooksPage();
    const hook = await receiver();
    hook.setMode({ kind: "status", status: 500 });
    await saveEndpoint(page, hook.url);
    await page.getByTestId("webhook-status").filter({ hasText: "Saved" }).waitFor();
    await page.getByRole("button", { name: "Send test ping" }).click();
    await page.getByTestId("webhook-status").filter({ hasText: "Test ping sent" }).waitFor();
    const id = await page.locator("[data-testid=deliveries-table] tbody tr").first().getAttribute("data-delivery-id");
    await row(page, id!).getByText("Failed").waitFor({ timeout: 30_000 });
    await expect(row(page, id!).innerText()).resolves.toMatch(/3[\s\S]*HTTP 500/);
  });
});
