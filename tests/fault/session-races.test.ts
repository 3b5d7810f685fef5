/**
 * Fault scenarios, in-process on both backends: sessions raced by slow uploads,
 * the sweep and instances whose clocks disagree. Invariants, per session:
 * - it reaches exactly one terminal state and never leaves it;
 * - exactly one of `scan.completed` / `scan.failed` is recorded;
 * - a debit happens exactly when it completed, and the balance never goes below zero;
 * - no webhook delivery is claimed by two instances at once, whatever their clocks say.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "@/lib/context";
import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { schema } from "@/lib/db";
import { leaseMs, claimDeliveries } from "@/lib/webhooks/claim-deliveries";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, openScanner, pdfBytes, putBlob, sessionRow, setBalance } from "../support/sessions";
import { seedCompletion, seedTenant } from "../support/webhook-fixtures";

const TTL_S = 2;
const svc = useServices({ SESSION_TTL_SECONDS: String(TTL_S), RATE_LIMIT_MAX: "1000" });
const db = () => svc.get().db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TERMINAL = ["completed", "delivered", "failed", "expired"];

/** A ctx whose clock is `skewMs` off this process's: another instance sharing the database. */
const instance = (skewMs: number) => contextFor(svc.get(), { now: new Date(Date.now() + skewMs) });

async function eventsOf(sessionId: string): Promise<string[]> {
  const rows = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, sessionId));
  return rows.map((r) => r.event);
}

/** The per-session invariants of this file's header. */
async function expectOneOutcome(sessionId: string) {
  const { status } = await sessionRow(db(), sessionId);
  const events = await eventsOf(sessionId);
  const debits = (await ledgerForSession(db(), sessionId)).filter((e) => e.delta < 0);
  expect(TERMINAL).toContain(status);
  if (status === "completed" || status === "delivered") {
    expect(events).toEqual(["scan.completed"]);
    expect(debits).toHaveLength(1);
  } else {
    expect(events).toEqual(status === "failed" ? ["scan.failed"] : []);
    expect(debits).toHaveLength(0);
  }
  return status;
}

async function scanningSession(secretKey: string) {
  const s = await createSessionWith(secretKey);
  const config = await openScanner(s.client_token);
  expect((await putBlob(config.upload.url, pdfBytes())).status).toBe(204);
  return s;
}

describe("scenario 11: a slow upload across the TTL with a cron run in between", () => {
  it("the upload whose body trickles past the TTL while the cron fails the session is refused: one outcome, scan.failed, no debit", async () => {
    const a = await signup();
    await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: "https://hooks.example.com/x", events: ["scan.completed", "scan.failed"] } });
    const s = await scanningSession(a.secretKey);
    const body = JSON.stringify({ session: s.client_token, payload: pdfBytes(4096).toString("base64") });
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
    push.enqueue(new TextEncoder().encode(body.slice(0, 100)));
    const upload = call("POST", "/v1/scanner/upload", { body: stream, headers: { "content-type": "application/json" } });
    await sleep(TTL_S * 1000 + 300);
    await runScheduledWork({ ctx: instance(0) });
    push.enqueue(new TextEncoder().encode(body.slice(100)));
    push.close();
    const res = await upload;
    expect([409, 410]).toContain(res.status);
    expect(await expectOneOutcome(s.id)).toBe("failed");
  });
});

describe("scenario 12: two instances whose clocks disagree", () => {
  it.each([
    ["sweeper 2 s ahead", 2_000],
    ["sweeper 90 s ahead", 90_000],
    ["sweeper 2 s behind", -2_000],
    ["sweeper 90 s behind", -90_000],
  ])("%s, racing completions: every session ends in exactly one state with its one event", async (_name, skewMs) => {
    const a = await signup();
    await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: "https://hooks.example.com/x", events: ["scan.completed", "scan.failed"] } });
    const sessions = await Promise.all(Array.from({ length: 4 }, () => scanningSession(a.secretKey)));
    await sleep(TTL_S * 1000 - 200); // completions and the sweep meet at the TTL
    await Promise.all([
      ...sessions.map((s) => callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } })),
      runScheduledWork({ ctx: instance(skewMs) }),
      runScheduledWork({ ctx: instance(skewMs) }),
    ]);
    await sleep(TTL_S * 1000);
    await runScheduledWork({ ctx: instance(0) });
    for (const s of sessions) await expectOneOutcome(s.id);
    expect(await balanceOf(db(), a.tenant.id)).toBeGreaterThanOrEqual(0);
  });

  it("an instance 90 s ahead cannot claim a delivery another instance is still sending (leases use the database clock)", async () => {
    const { tenantId } = await seedTenant(db(), { url: "https://hooks.example.com/x" });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    const lease = leaseMs(svc.get().config.webhookTimeoutMs);
    const first = await claimDeliveries(db(), { now: instance(0).now, limit: 1, leaseMs: lease, onlyId: deliveryId! });
    const ahead = await claimDeliveries(db(), { now: instance(90_000).now, limit: 1, leaseMs: lease, onlyId: deliveryId! });
    expect(first.map((r) => r.id)).toEqual([deliveryId]);
    expect(ahead).toEqual([]);
    const [row] = await db().select().from(schema.webhookDeliveries).where(inArray(schema.webhookDeliveries.id, [deliveryId!]));
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + lease - 5_000);
  });
});

describe("scenario 13: a balance of 1 with many sessions opening at once", () => {
  it("exactly one of 20 parallel sessions opens; it completes and the balance ends at 0, never below", async () => {
    const a = await signup();
    await setBalance(db(), a.tenant.id, 1);
    const created = await Promise.all(Array.from({ length: 20 }, () => callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} })));
    const statuses = created.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    const s = created.find((r) => r.status === 201)!.body;
    const done = await callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: pdfBytes().toString("base64") } });
    expect(done.status).toBe(200);
    expect(await balanceOf(db(), a.tenant.id)).toBe(0);
    expect((await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} })).status).toBe(402);
  });
});
