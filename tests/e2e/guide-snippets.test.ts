/**
 * The integrator's first hour from nothing but the running service: the guides under /docs
 * and the console. Every snippet is read from the served page, pasted into a scratch project
 * and run against this live instance.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { api, createSession, newTenant, type Tenant } from "./support/api";
import { ownerContext, signUpInBrowser, VIEWPORTS } from "./support/console";
import { startHostServer, type HostServer } from "./support/host-server";
import { FETCH_HOST, freePort, startScratchReceiver, type ScratchReceiver } from "./support/scratch-receiver";
import { baseUrl } from "./support/server";
import { tinyPdf, uploadPdf } from "./support/tiny-pdf";
import { useBrowser } from "./support/use-browser";

const browser = useBrowser();
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

type Kind = "express" | "node-http" | "fetch-handler" | "python";

/** The receiver files and command an integrator makes from the guide's snippets of one kind. */
function receiverProject(kind: Kind, snippets: Record<string, string>): { files: Record<string, string>; command: string[]; packages?: string[] } {
  const verify = { "verify-signature.mjs": snippets["verify-signature"] };
  if (kind === "express") return { files: { ...verify, "server.mjs": snippets.express }, command: ["node", "server.mjs"], packages: ["express"] };
  if (kind === "node-http") return { files: { ...verify, "server.mjs": snippets["node-http"] }, command: ["node", "server.mjs"] };
  if (kind === "fetch-handler") return { files: { ...verify, "route.js": snippets["fetch-handler"], "host.mjs": FETCH_HOST }, command: ["node", "host.mjs"] };
  return { files: { "receiver.py": snippets.python }, command: ["python3", "receiver.py"] };
}

async function startReceiverFrom(kind: Kind, snippets: Record<string, string>, secret: string, port?: number): Promise<ScratchReceiver> {
  const receiver = await startScratchReceiver({ ...receiverProject(kind, snippets), secret, port });
  running.push(receiver);
  return receiver;
}

/** Every named snippet on a served guide page, as the reader sees (and copies) it. */
async function servedSnippets(page: Page, slug: string): Promise<Record<string, string>> {
  await page.goto(`/docs/guides/${slug}`);
  return page.locator("pre[data-snippet]").evaluateAll((pres) => Object.fromEntries(pres.map((p) => [p.getAttribute("data-snippet"), p.textContent ?? ""])));
}

async function waitForDelivery(tenant: Tenant, predicate: (d: { status: string; event: string }) => boolean) {
  const until = Date.now() + 20_000;
  for (;;) {
    const { body } = await api("GET", "/v1/dashboard/webhook/deliveries", { headers: { cookie: tenant.cookie } });
    const found = (body.deliveries as { status: string; event: string; attempts: unknown[] }[]).find(predicate);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such delivery: ${JSON.stringify(body.deliveries)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("receiver snippets from the served guide, pasted and run", () => {
  it.each(["express", "node-http", "fetch-handler", "python"] as const)("%s: verifies a real delivery, skips a replayed event, refuses a forged one", async (kind) => {
    const page = await (await ownerContext(browser())).newPage();
    const snippets = await servedSnippets(page, "receiving-webhooks");
    await page.context().close();
    const tenant = await newTenant();
    const secret = (await api("POST", "/v1/dashboard/webhook/rotate-secret", { headers: { cookie: tenant.cookie } })).body.secret as string;
    const receiver = await startReceiverFrom(kind, snippets, secret);
    expect((await api("PUT", "/v1/dashboard/webhook", { json: { url: receiver.url }, headers: { cookie: tenant.cookie } })).status).toBe(200);

    const ping = await api("POST", "/v1/dashboard/webhook/test", { headers: { cookie: tenant.cookie } });
    expect(ping.status).toBe(201);
    await waitForDelivery(tenant, (d) => d.event === "test.ping" && d.status === "succeeded");
    expect(receiver.output()).toContain("docscan event test.ping sess_test_");

    // a replay of the same event is answered 2xx and not handled twice
    const replay = await api("POST", `/v1/dashboard/webhook/deliveries/${ping.body.delivery.id}/replay`, { headers: { cookie: tenant.cookie } });
    expect(replay.status).toBe(201);
    await waitForDelivery(tenant, (d) => (d as { replay_of?: string }).replay_of === ping.body.delivery.id && d.status === "succeeded");
    expect(receiver.output().match(/docscan event test\.ping/g)).toHaveLength(1);

    const forged = await fetch(receiver.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-scanner-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      body: JSON.stringify({ id: "evt_forged", type: "scan.completed", session_id: "sess_forged" }),
    });
    expect(forged.status).toBe(400);
    expect(receiver.output()).not.toContain("sess_forged");
  });

  it("express: a completed scan's scan.completed arrives and is verified", async () => {
    const page = await (await ownerContext(browser())).newPage();
    const snippets = await servedSnippets(page, "receiving-webhooks");
    await page.context().close();
    const tenant = await newTenant();
    const secret = (await api("POST", "/v1/dashboard/webhook/rotate-secret", { headers: { cookie: tenant.cookie } })).body.secret as string;
    const receiver = await startReceiverFrom("express", snippets, secret);
    await api("PUT", "/v1/dashboard/webhook", { json: { url: receiver.url }, headers: { cookie: tenant.cookie } });
    const session = await createSession(tenant.secretKey, { metadata: { order: "A-1001" } });
    const pdf = await tinyPdf();
    await uploadPdf(session.client_token, pdf, 1);
    await waitForDelivery(tenant, (d) => d.event === "scan.completed" && d.status === "succeeded");
    expect(receiver.output()).toContain(`docscan event scan.completed ${session.id}`);
  });
});

/**
 * The browser of someone visiting the integrator's page: not the owner's console context,
 * whose test-only X-Forwarded-For would go out with the page's cross-origin fetch (the API's
 * CORS preflight rightly does not allow it, so the session was never made) and whose CSP
 * bypass would let the scanner's frame-ancestors check pass unseen.
 */
function visitorContext(): Promise<BrowserContext> {
  return browser().newContext({ viewport: VIEWPORTS.desktop });
}

describe("an integrator's path through /docs and the console", () => {
  let host: HostServer | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  it("embeds the scanner from the console's snippet and verifies webhooks with the Express and fetch receivers it shows", async () => {
    const context = await ownerContext(browser());
    const page = await context.newPage();
    await signUpInBrowser(page);

    // the guide, found from /docs, shows the page with this instance's address
    await page.goto("/docs");
    await page.getByRole("link", { name: "Embed the scanner" }).first().click();
    await page.waitForURL("**/docs/guides/embedding");
    const guidePage = await page.locator('pre[data-snippet="embed-page"]').textContent();
    expect(guidePage).toContain(`<script src="${baseUrl()}/launcher.js" defer></script>`);

    // the console shows the same page with the owner's publishable key filled in
    await page.goto("/console/keys");
    const snippet = (await page.locator('pre[data-snippet="embed-page"]').textContent())!;
    const key = /Bearer (pk_test_[\w-]+)/.exec(snippet)![1];
    expect(snippet).toBe(guidePage!.replace("pk_test_YOUR_PUBLISHABLE_KEY", key));

    // pasted into a page of their own, on an allowed origin, it opens the scanner
    host = await startHostServer({ "/scan.html": snippet });
    expect((await page.request.post("/v1/dashboard/domains", { data: { domain: host.origin } })).status()).toBe(201);
    const visitor = await visitorContext();
    const shop = await visitor.newPage();
    await shop.goto(`${host.origin}/scan.html`);
    await shop.getByRole("button", { name: "Scan a document" }).click();
    const scanner = shop.frameLocator('[data-docscan="modal"] iframe');
    // The scanner page's first load on this server: past 30 s once on a CI machine running every lane at once.
    await scanner.locator("[data-screen]:visible").first().waitFor({ timeout: 60_000 });
    expect(await shop.locator("#out").textContent()).toBe("");
    // the same page when its session request gets no answer at all says so, not nothing
    const offline = await visitor.newPage();
    await offline.route("**/v1/sessions", (route) => route.abort("connectionrefused"));
    await offline.goto(`${host.origin}/scan.html`);
    await offline.getByRole("button", { name: "Scan a document" }).click();
    await expect.poll(() => offline.locator("#out").textContent()).toBe(`Could not reach ${baseUrl()}: see the browser console`);
    await visitor.close();

    // Webhooks: save the Express receiver's address; the secret is shown once, with the receivers
    const port = await freePort();
    await page.goto("/console/webhooks");
    await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${port}/docscan-webhook`);
    await page.getByRole("button", { name: "Save" }).click();
    const secret = (await page.getByTestId("first-webhook-secret-value").textContent())!;
    const reveal = page.getByTestId("first-webhook-secret");
    const consoleSnippets: Record<string, string> = { "verify-signature": (await reveal.locator('pre[data-snippet="verify-signature"]').textContent())! };
    consoleSnippets.express = (await reveal.locator('pre[data-snippet="express"]').textContent())!;
    await reveal.getByRole("button", { name: /fetch handler/ }).click();
    consoleSnippets["fetch-handler"] = (await reveal.locator('pre[data-snippet="fetch"]').textContent())!;
    expect(consoleSnippets.express).toContain('import express from "express"');
    expect(consoleSnippets["fetch-handler"]).toContain("export async function POST(request)");

    const express = await startReceiverFrom("express", consoleSnippets, secret, port);
    await page.getByRole("button", { name: "Send test ping" }).click();
    const pingRow = page.locator("[data-testid=deliveries-table] tbody tr").first();
    await pingRow.getByText("Succeeded").waitFor({ timeout: 30_000 });
    expect(express.output()).toContain("docscan event test.ping");

    const fetchPort = await freePort();
    const fetchReceiver = await startReceiverFrom("fetch-handler", consoleSnippets, secret, fetchPort);
    await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${fetchPort}/docscan-webhook`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("webhook-status").filter({ hasText: String(fetchPort) }).waitFor();
    await page.getByRole("button", { name: "Send test ping" }).click();
    await page.locator("[data-testid=deliveries-table] tbody tr").nth(1).waitFor();
    await page.locator("[data-testid=deliveries-table] tbody tr").first().getByText("Succeeded").waitFor({ timeout: 30_000 });
    expect(fetchReceiver.output()).toContain("docscan event test.ping");
    await context.close();
  });
});
