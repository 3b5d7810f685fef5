/**
 * The webhook receivers of the served guide: each snippet is read from the page the instance
 * serves, pasted into a scratch project and run against this live instance.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api, createSession, newTenant, type Tenant } from "./support/api";
import { ownerContext } from "./support/console";
import { FETCH_HOST, startScratchReceiver, type ScratchReceiver } from "./support/scratch-receiver";
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
