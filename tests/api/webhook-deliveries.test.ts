import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { schema, withTx } from "@/lib/db";
import { flushDeferred } from "@/lib/http";
import { deliverNow } from "@/lib/webhooks/deliver-now";
import { enqueueEvent } from "@/lib/webhooks/enqueue-event";
import { verifySignature } from "@docscan/verify-webhook";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { createSessionWith, pdfBytes, uploadMultipart } from "../support/sessions";
import { deliveryRow, runCron, sessionStatus, waitForAttempts } from "../support/delivery-helpers";
import { refusedUrl, startReceiver, type Receiver } from "../support/receiver";
import { useServices } from "../support/services";
import { seedCompletion, seedSession, seedTenant } from "../support/webhook-fixtures";
import { contextFor } from "@/lib/context";

// A 30 s base keeps the moved clock small (a cron run under it also sweeps other files' rows on a shared database).
// The timeout is the default's order, not the slow-receiver test's 300 ms: a loaded CI machine stalled a
// local delivery past 300 ms, and the happy path's attempt timed out before its request was read.
const svc = useServices({ WEBHOOK_TIMEOUT_MS: "5000", WEBHOOK_ALLOW_PRIVATE: "true", CRON_SECRET: "cron-secret-for-delivery-tests", WEBHOOK_RETRY_BASE_SECONDS: "30" });
const db = () => svc.get().db;
const stripe = new Stripe("sk_test_unused");

let ok: Receiver;
let failing: Receiver;
beforeAll(async () => {
  ok = await startReceiver();
  failing = await startReceiver({ kind: "status", status: 500, body: "boom" });
});
afterAll(async () => {
  await ok.close();
  await failing.close();
});
afterEach(() => resetClock());

const secretOf = async (tenantId: string) =>
  (await db().select({ s: schema.tenants.webhookSecret }).from(schema.tenants).where(eq(schema.tenants.id, tenantId)))[0].s;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
/** Waits for the receiver's `n`-th request about a session and returns it. */
async function waitForRequest(r: Receiver, sessionId: string, n: number) {
  await expect.poll(() => requestsFor(r, sessionId).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
  return requestsFor(r, sessionId)[n - 1];
}
const requestsFor = (r: Receiver, sessionId: string) => r.requests.filter((q) => JSON.parse(q.rawBody.toString()).session_id === sessionId);

describe("happy", () => {
  it("a completion's delivery is POSTed once with the stored bytes, a verifiable signature, and the session becomes delivered", async () => {
    const { tenantId } = await seedTenant(db(), { url: ok.url });
    const { sessionId, deliveryId } = await seedCompletion(db(), tenantId, { metadata: { order: "A-1", note: "ünïcode ✓" } });
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
    const row = await waitForAttempts(db(), deliveryId!, 1);
    const [req] = requestsFor(ok, sessionId);
    expect(requestsFor(ok, sessionId)).toHaveLength(1);
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.rawBody.toString("utf8")).toBe(row.payload);
    const payload = JSON.parse(row.payload);
    expect(Object.keys(payload)).toEqual(["id", "type", "session_id", "metadata", "result", "created_at", "created_with"]);
    expect(payload.id).toMatch(/^evt_[0-9a-z]{20}$/);
    expect(row.eventId).toBe(payload.id);
    expect(req.headers["x-scanner-event-id"]).toBe(payload.id);
    expect(req.headers["x-scanner-delivery-id"]).toBe(deliveryId);
    expect(payload).toMatchObject({ type: "scan.completed", session_id: sessionId, metadata: { order: "A-1", note: "ünïcode ✓" }, result: { page_count: 2, content_type: "application/pdf" } });
    const header = req.headers["x-scanner-signature"] as string;
    expect(header).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    const secret = await secretOf(tenantId);
    expect(verifySignature({ rawBody: req.rawBody, header, secret })).toBe(true);
    expect(stripe.webhooks.constructEvent(req.rawBody, header, secret, 300)).toEqual(payload);
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 1, nextAttemptAt: null, leaseUntil: null });
    expect(row.attempts).toEqual([{ at: expect.any(String), ms: expect.any(Number), response_status: 200, response_body: expect.any(String), error: null }]);
    expect(await sessionStatus(db(), sessionId)).toBe("delivered");
  });

  it("a receiver's signature check fails on a re-serialised body or another tenant's secret", async () => {
    const { tenantId } = await seedTenant(db(), { url: ok.url });
    const other = await seedTenant(db());
    const { sessionId, deliveryId } = await seedCompletion(db(), tenantId);
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
    await waitForAttempts(db(), deliveryId!, 1);
    const [req] = requestsFor(ok, sessionId);
    const header = req.headers["x-scanner-signature"] as string;
    expect(verifySignature({ rawBody: JSON.stringify(JSON.parse(req.rawBody.toString()), null, 2), header, secret: await secretOf(tenantId) })).toBe(false);
    expect(verifySignature({ rawBody: req.rawBody, header, secret: await secretOf(other.tenantId) })).toBe(false);
  });

  it("a non-2xx is retried after 30 s then 120 s with the same bytes and a fresh t; after three attempts it is failed and kept", async () => {
    const { tenantId } = await seedTenant(db(), { url: failing.url });
    const { sessionId, deliveryId } = await seedCompletion(db(), tenantId);
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
    let row = await waitForAttempts(db(), deliveryId!, 1);
    expect(row.attempts[0]).toMatchObject({ response_status: 500, error: null });
    expect(row.status).toBe("pending");
    expect(row.nextAttemptAt!.getTime() - Date.parse(row.attempts[0].at)).toBeGreaterThanOrEqual(30_000);
    expect(row.nextAttemptAt!.getTime() - Date.parse(row.attempts[0].at)).toBeLessThan(31_000);

    await runCron(svc.get()); // not due yet
    expect((await deliveryRow(db(), deliveryId!)).attemptCount).toBe(1);

    advanceClock(30_500);
    await runCron(svc.get());
    row = await waitForAttempts(db(), deliveryId!, 2);
    expect(row.status).toBe("pending");
    const gap = row.nextAttemptAt!.getTime() - Date.parse(row.attempts[1].at);
    expect(gap).toBeGreaterThanOrEqual(120_000);
    expect(gap).toBeLessThan(121_000);

    advanceClock(60_000);
    await runCron(svc.get());
    expect((await deliveryRow(db(), deliveryId!)).attemptCount).toBe(2);
    advanceClock(61_000);
    await runCron(svc.get());
    row = await waitForAttempts(db(), deliveryId!, 3);
    expect(row).toMatchObject({ status: "failed", nextAttemptAt: null, attemptCount: 3 });
    expect(row.attempts.map((a) => a.response_status)).toEqual([500, 500, 500]);

    advanceClock(300_000); // (kept small: a cron run under a moved clock also sweeps other files' rows on a shared database)
    await runCron(svc.get());
    const reqs = requestsFor(failing, sessionId);
    expect(reqs).toHaveLength(3);
    expect(new Set(reqs.map((r) => r.rawBody.toString())).size).toBe(1);
    // every retry names the same event and delivery, so the receiver can drop repeats
    expect(new Set(reqs.map((r) => r.headers["x-scanner-event-id"]))).toEqual(new Set([JSON.parse(reqs[0].rawBody.toString()).id]));
    expect(new Set(reqs.map((r) => r.headers["x-scanner-delivery-id"]))).toEqual(new Set([deliveryId]));
    const ts = reqs.map((r) => Number(/t=(\d+)/.exec(r.headers["x-scanner-signature"] as string)![1]));
    expect(ts[1] - ts[0]).toBeGreaterThanOrEqual(30);
    expect(ts[2] - ts[1]).toBeGreaterThanOrEqual(120);
    expect(await sessionStatus(db(), sessionId)).toBe("completed");
    expect((await deliveryRow(db(), deliveryId!)).attemptCount).toBe(3);
  });

  it("a failed delivery is replayed as a new record (replay_of) that succeeds; the original is untouched", async () => {
    const receiver = await startReceiver({ kind: "status", status: 503 });
    try {
      const { tenantId, cookie } = await seedTenant(db(), { url: receiver.url });
      const { sessionId, deliveryId } = await seedCompletion(db(), tenantId);
      for (let i = 1; i <= 3; i++) {
        await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
        await waitForAttempts(db(), deliveryId!, i);
        advanceClock(200_000);
      }
      const original = await deliveryRow(db(), deliveryId!);
      expect(original.status).toBe("failed");
      receiver.setMode({ kind: "status", status: 204 });
      const res = await callJson("POST", `/v1/dashboard/webhook/deliveries/${deliveryId}/replay`, { cookie });
      expect(res.status).toBe(201);
      // the same event (its id included); no document is stored for this seeded session, so the result is the original
      expect(res.body.delivery).toMatchObject({ session_id: sessionId, event: "scan.completed", event_id: original.eventId, url: receiver.url, status: "pending", attempts: [], payload: original.payload, replay_of: deliveryId });
      expect(res.body.delivery.id).not.toBe(deliveryId);
      await flushDeferred();
      const replay = await waitForAttempts(db(), res.body.delivery.id, 1);
      expect(replay).toMatchObject({ status: "succeeded", replayOf: deliveryId });
      expect(replay.attempts[0].response_status).toBe(204);
      expect(await deliveryRow(db(), deliveryId!)).toEqual(original);
      expect(await sessionStatus(db(), sessionId)).toBe("delivered");
    } finally {
      await receiver.close();
    }
  });

  it("a replay of a real scan keeps the event id, gets a new delivery id, and carries a fresh result.url that downloads after the first expired", async () => {
    const owner = await signup();
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: owner.cookie, json: { url: ok.url, events: ["scan.completed"] } })).status).toBe(200);
    const session = await createSessionWith(owner.secretKey, { metadata: { order: "R-1" } });
    expect((await uploadMultipart(session.client_token, pdfBytes(900))).status).toBe(200);
    await flushDeferred();
    const first = await waitForRequest(ok, session.id, 1);
    const sent = JSON.parse(first.rawBody.toString());
    expect(sent.result.url).toMatch(/\/v1\/files\//);

    advanceClock(2 * 3600_000); // the first link has expired (FILE_URL_TTL is an hour)
    expect((await call("GET", pathOf(sent.result.url))).status).toBe(404);
    const deliveryId = first.headers["x-scanner-delivery-id"] as string;
    const res = await callJson("POST", `/v1/dashboard/webhook/deliveries/${deliveryId}/replay`, { cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(res.body.delivery).toMatchObject({ event_id: sent.id, replay_of: deliveryId });
    await flushDeferred();
    const replayed = await waitForRequest(ok, session.id, 2);
    const again = JSON.parse(replayed.rawBody.toString());
    expect(replayed.headers["x-scanner-event-id"]).toBe(sent.id);
    expect(replayed.headers["x-scanner-delivery-id"]).toBe(res.body.delivery.id);
    expect(replayed.headers["x-scanner-delivery-id"]).not.toBe(deliveryId);
    // the same event, field for field, but for a newly signed link
    expect({ ...again, result: { ...again.result, url: "" } }).toEqual({ ...sent, result: { ...sent.result, url: "" } });
    expect(again.result.url).not.toBe(sent.result.url);
    const download = await call("GET", pathOf(again.result.url));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const header = replayed.headers["x-scanner-signature"] as string;
    expect(verifySignature({ rawBody: replayed.rawBody, header, secret: await secretOf(owner.tenant.id), nowSeconds: Number(/t=(\d+)/.exec(header)![1]) })).toBe(true);
  });

  it("rotation during pending retries: retries keep the old secret; new deliveries and replays use the new one", async () => {
    const receiver = await startReceiver({ kind: "status", status: 500 });
    try {
      const { tenantId, cookie } = await seedTenant(db(), { url: receiver.url });
      const oldSecret = await secretOf(tenantId);
      const first = await seedCompletion(db(), tenantId);
      await deliverNow({ ctx: contextFor(svc.get()), deliveryId: first.deliveryId! });
      await waitForAttempts(db(), first.deliveryId!, 1);
      const rotated = await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie });
      const newSecret = rotated.body.secret as string;
      advanceClock(31_000);
      await runCron(svc.get());
      await waitForAttempts(db(), first.deliveryId!, 2);
      const retry = requestsFor(receiver, first.sessionId)[1];
      const retryHeader = retry.headers["x-scanner-signature"] as string;
      expect(verifySignature({ rawBody: retry.rawBody, header: retryHeader, secret: oldSecret, nowSeconds: Number(/t=(\d+)/.exec(retryHeader)![1]) })).toBe(true);
      expect(verifySignature({ rawBody: retry.rawBody, header: retryHeader, secret: newSecret, nowSeconds: Number(/t=(\d+)/.exec(retryHeader)![1]) })).toBe(false);

      receiver.setMode({ kind: "status", status: 200 });
      const second = await seedCompletion(db(), tenantId);
      expect((await deliveryRow(db(), second.deliveryId!)).signingSecret).toBe(newSecret);
      const replay = await callJson("POST", `/v1/dashboard/webhook/deliveries/${first.deliveryId}/replay`, { cookie });
      await flushDeferred();
      await waitForAttempts(db(), replay.body.delivery.id, 1);
      const replayReq = receiver.requests.at(-1)!;
      const h = replayReq.headers["x-scanner-signature"] as string;
      const t = Number(/t=(\d+)/.exec(h)![1]);
      expect(verifySignature({ rawBody: replayReq.rawBody, header: h, secret: newSecret, nowSeconds: t })).toBe(true);
      expect(verifySignature({ rawBody: replayReq.rawBody, header: h, secret: oldSecret, nowSeconds: t })).toBe(false);
      expect((await deliveryRow(db(), first.deliveryId!)).signingSecret).toBe(oldSecret);
    } finally {
      await receiver.close();
    }
  });

  it("POST /v1/dashboard/webhook/test sends a synthetic test.ping after the response", async () => {
    const { cookie } = await seedTenant(db(), { url: ok.url, events: ["scan.completed"] });
    const res = await callJson("POST", "/v1/dashboard/webhook/test", { cookie });
    expect(res.status).toBe(201);
    const d = res.body.delivery;
    expect(Object.keys(d).sort()).toEqual(["attempts", "created_at", "event", "event_id", "id", "next_attempt_at", "payload", "replay_of", "session_id", "status", "url"]);
    expect(d).toMatchObject({ event: "test.ping", url: ok.url, status: "pending", attempts: [], replay_of: null });
    expect(d.session_id).toMatch(/^sess_test_/);
    expect(JSON.parse(d.payload)).toEqual({ id: d.event_id, type: "test.ping", session_id: d.session_id, metadata: { source: "dashboard" }, result: null, created_at: d.created_at });
    expect(d.event_id).toMatch(/^evt_[0-9a-z]{20}$/);
    await flushDeferred();
    const row = await waitForAttempts(db(), d.id, 1);
    expect(row.status).toBe("succeeded");
    expect(requestsFor(ok, d.session_id)[0].rawBody.toString()).toBe(d.payload);
  });

  it("GET deliveries lists newest first with attempts; limit defaults to 50 and is capped at 200", async () => {
    const { tenantId, cookie } = await seedTenant(db(), { url: failing.url });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await seedCompletion(db(), tenantId)).deliveryId!);
      advanceClock(1000);
    }
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: ids[0] });
    await waitForAttempts(db(), ids[0], 1);
    const res = await callJson("GET", "/v1/dashboard/webhook/deliveries", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.deliveries.map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
    expect(res.body.deliveries[2].attempts).toEqual([{ at: expect.any(String), ms: expect.any(Number), response_status: 500, response_body: expect.any(String), error: null }]);
    expect(JSON.stringify(res.body)).not.toContain(await secretOf(tenantId));
    expect((await callJson("GET", "/v1/dashboard/webhook/deliveries?limit=2", { cookie })).body.deliveries).toHaveLength(2);
    expect((await callJson("GET", "/v1/dashboard/webhook/deliveries?limit=500", { cookie })).body.deliveries).toHaveLength(3);
  });

  it("the default page is 50 and the cap 200", async () => {
    const { tenantId, cookie } = await seedTenant(db(), { url: ok.url });
    const base = { tenantId, sessionId: "sess_bulk", event: "scan.completed", eventId: "evt_bulk", url: ok.url, status: "succeeded" as const, payload: "{}", signingSecret: "whsec_x" };
    await db().insert(schema.webhookDeliveries).values(Array.from({ length: 210 }, (_, i) => ({ ...base, id: `whd_bulk_${tenantId}_${i}`, createdAt: new Date(Date.now() - i * 1000) })));
    expect((await callJson("GET", "/v1/dashboard/webhook/deliveries", { cookie })).body.deliveries).toHaveLength(50);
    const all = (await callJson("GET", "/v1/dashboard/webhook/deliveries?limit=1000", { cookie })).body.deliveries;
    expect(all).toHaveLength(200);
    expect(all[0].id).toBe(`whd_bulk_${tenantId}_0`);
  });
});

describe("who gets what", () => {
  it("a session's callback_url replaces the tenant endpoint, signed with the tenant secret", async () => {
    const other = await startReceiver();
    try {
      const { tenantId } = await seedTenant(db(), { url: ok.url });
      const { sessionId, deliveryId } = await seedCompletion(db(), tenantId, { callbackUrl: other.url });
      await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
      await waitForAttempts(db(), deliveryId!, 1);
      expect(requestsFor(other, sessionId)).toHaveLength(1);
      expect(requestsFor(ok, sessionId)).toHaveLength(0);
      const req = requestsFor(other, sessionId)[0];
      expect(verifySignature({ rawBody: req.rawBody, header: req.headers["x-scanner-signature"] as string, secret: await secretOf(tenantId) })).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("a callback_url works without a tenant endpoint, but still needs the subscription", async () => {
    const { tenantId } = await seedTenant(db(), { url: null, events: ["scan.completed"] });
    expect((await seedCompletion(db(), tenantId, { callbackUrl: ok.url })).deliveryId).toMatch(/^whd_/);
    const unsubscribed = await seedTenant(db(), { url: null, events: ["scan.failed"] });
    expect((await seedCompletion(db(), unsubscribed.tenantId, { callbackUrl: ok.url })).deliveryId).toBeNull();
  });

  it("no delivery without a subscription or without an endpoint", async () => {
    const notSubscribed = await seedTenant(db(), { url: ok.url, events: ["scan.failed", "test.ping"] });
    const noEndpoint = await seedTenant(db(), { url: null });
    for (const t of [notSubscribed, noEndpoint]) {
      expect((await seedCompletion(db(), t.tenantId)).deliveryId).toBeNull();
      expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.tenantId, t.tenantId))).toEqual([]);
    }
  });

  it("scan.failed is delivered with result null when subscribed; it does not touch the session status", async () => {
    const { tenantId } = await seedTenant(db(), { url: ok.url, events: ["scan.failed"] });
    const sessionId = await seedSession(db(), tenantId, { status: "failed" });
    const id = await withTx(db(), (tx) => enqueueEvent(tx, { tenantId, sessionId, event: "scan.failed", metadata: { a: 1 }, result: null, callbackUrl: null, createdWith: "secret", now: new Date() }));
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: id! });
    await waitForAttempts(db(), id!, 1);
    expect(JSON.parse(requestsFor(ok, sessionId)[0].rawBody.toString())).toMatchObject({ type: "scan.failed", result: null, metadata: { a: 1 } });
    expect(await sessionStatus(db(), sessionId)).toBe("failed");
  });

  it("test.ping is sent only by the test endpoint, even when subscribed", async () => {
    const { tenantId } = await seedTenant(db(), { url: ok.url, events: ["test.ping", "scan.completed"] });
    await seedCompletion(db(), tenantId);
    const rows = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.tenantId, tenantId));
    expect(rows.map((r) => r.event)).toEqual(["scan.completed"]);
  });
});

describe("errors", () => {
  it("a slow receiver times out (WEBHOOK_TIMEOUT_MS) with a readable error", async () => {
    const slow = await startReceiver({ kind: "slow", delayMs: 3000 });
    try {
      const { tenantId } = await seedTenant(db(), { url: slow.url });
      const { deliveryId } = await seedCompletion(db(), tenantId);
      const impatient = { ...svc.get(), config: { ...svc.get().config, webhookTimeoutMs: 300 } };
      await deliverNow({ ctx: contextFor(impatient), deliveryId: deliveryId! });
      const row = await waitForAttempts(db(), deliveryId!, 1);
      expect(row.attempts[0]).toMatchObject({ response_status: null, error: "timeout after 300 ms" });
      expect(row.attempts[0].ms).toBeGreaterThanOrEqual(290);
      expect(row.attempts[0].ms).toBeLessThan(2500);
      expect(row.status).toBe("pending");
    } finally {
      await slow.close();
    }
  });

  it("connection refused is recorded as such", async () => {
    const { tenantId } = await seedTenant(db(), { url: await refusedUrl() });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
    const row = await waitForAttempts(db(), deliveryId!, 1);
    expect(row.attempts[0]).toMatchObject({ response_status: null, error: "connection refused" });
  });

  it("redirects are not followed: a 302 is a failed attempt", async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver({ kind: "redirect", location: "" });
    redirecting.setMode({ kind: "redirect", location: target.url });
    try {
      const { tenantId } = await seedTenant(db(), { url: redirecting.url });
      const { deliveryId } = await seedCompletion(db(), tenantId);
      await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
      const row = await waitForAttempts(db(), deliveryId!, 1);
      expect(row.attempts[0]).toMatchObject({ response_status: 302, error: null });
      expect(row.status).toBe("pending");
      expect(target.requests).toHaveLength(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });

  it("a huge response body is not read whole nor stored", async () => {
    const huge = await startReceiver({ kind: "huge", bytes: 20 * 1024 * 1024 });
    try {
      const { tenantId } = await seedTenant(db(), { url: huge.url });
      const { deliveryId } = await seedCompletion(db(), tenantId);
      await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
      const row = await waitForAttempts(db(), deliveryId!, 1);
      expect(row.status, JSON.stringify(row.attempts)).toBe("succeeded");
      expect(JSON.stringify(row).length).toBeLessThan(5000);
    } finally {
      await huge.close();
    }
  });

  it("test ping without an endpoint → 400 no_endpoint and nothing recorded", async () => {
    const { tenantId, cookie } = await seedTenant(db(), { url: null, events: ["test.ping"] });
    const res = await callJson("POST", "/v1/dashboard/webhook/test", { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "no_endpoint", message: expect.any(String) });
    expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.tenantId, tenantId))).toEqual([]);
  });

  it.each(["whd_doesnotexist", "x".repeat(500), "%E2%9C%93", "__proto__"])("replay of unknown id %s → 404 not_found", async (id) => {
    const { tenantId, cookie } = await seedTenant(db(), { url: ok.url });
    const res = await callJson("POST", `/v1/dashboard/webhook/deliveries/${id}/replay`, { cookie });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
    expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.tenantId, tenantId))).toEqual([]);
  });

  it.each(["abc", "0", "-1", "1.5", ""])("deliveries ?limit=%s → 400 invalid_request with fields.limit", async (limit) => {
    const { cookie } = await seedTenant(db());
    const res = await callJson("GET", `/v1/dashboard/webhook/deliveries?limit=${limit}`, { cookie });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["limit"]);
  });

  it.each([
    ["/v1/dashboard/webhook/test", "GET", "POST"],
    ["/v1/dashboard/webhook/deliveries", "POST", "GET"],
    ["/v1/dashboard/webhook/deliveries/whd_x/replay", "GET", "POST"],
  ])("%s answers %s with 405", async (path, method, allow) => {
    const { cookie } = await seedTenant(db());
    const res = await callJson(method, path, { cookie });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
  });
});

describe("security", () => {
  it.each([
    ["POST", "/v1/dashboard/webhook/test"],
    ["GET", "/v1/dashboard/webhook/deliveries"],
    ["POST", "/v1/dashboard/webhook/deliveries/whd_x/replay"],
  ])("%s %s without a console cookie → 401 unauthorized", async (method, path) => {
    const res = await callJson(method, path, { cookie: "sc_session=nope" });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("unauthorized");
  });

  it("another tenant's delivery: not listed, replay → 404, nothing created", async () => {
    const a = await seedTenant(db(), { url: ok.url });
    const b = await seedTenant(db(), { url: ok.url });
    const { deliveryId } = await seedCompletion(db(), a.tenantId);
    expect((await callJson("GET", "/v1/dashboard/webhook/deliveries", { cookie: b.cookie })).body.deliveries).toEqual([]);
    const res = await callJson("POST", `/v1/dashboard/webhook/deliveries/${deliveryId}/replay`, { cookie: b.cookie });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
    expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.replayOf, deliveryId!))).toEqual([]);
  });

  it("cross-origin test ping and replay are refused", async () => {
    const { tenantId, cookie } = await seedTenant(db(), { url: ok.url });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    const headers = { origin: "https://evil.example" };
    expect((await call("POST", "/v1/dashboard/webhook/test", { cookie, headers })).status).toBe(403);
    expect((await call("POST", `/v1/dashboard/webhook/deliveries/${deliveryId}/replay`, { cookie, headers })).status).toBe(403);
    expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.tenantId, tenantId))).toHaveLength(1);
  });

  it("two deliverNow calls for one delivery make one attempt", async () => {
    const slowish = await startReceiver({ kind: "slow", delayMs: 100 });
    try {
      const { tenantId } = await seedTenant(db(), { url: slowish.url });
      const { sessionId, deliveryId } = await seedCompletion(db(), tenantId);
      await Promise.all([deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! }), deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! }), deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! })]);
      await waitForAttempts(db(), deliveryId!, 1);
      await deliverNow({ ctx: contextFor(svc.get()), deliveryId: deliveryId! });
      expect(requestsFor(slowish, sessionId)).toHaveLength(1);
      expect((await deliveryRow(db(), deliveryId!)).attemptCount).toBe(1);
    } finally {
      await slowish.close();
    }
  });

  describe("SSRF (hosted mode without WEBHOOK_ALLOW_PRIVATE)", () => {
    const hosted = () => ({ ...svc.get(), config: { ...svc.get().config, hosted: true, webhookAllowPrivate: false, webhookTimeoutMs: 5000 } });
    it.each([
      ["an IPv4 loopback literal", (port: string) => `http://127.0.0.1:${port}/hook`, /127\.0\.0\.1 is a private address/],
      ["the IPv6 loopback literal", (port: string) => `http://[::1]:${port}/hook`, /::1 is a private address/],
      ["an IPv4-mapped literal", (port: string) => `http://[::ffff:127.0.0.1]:${port}/hook`, /private address/],
      ["the unspecified address", (port: string) => `http://0.0.0.0:${port}/hook`, /private address/],
      ["a name resolving to loopback (checked on the resolved address)", (port: string) => `http://localhost:${port}/hook`, /localhost resolves to private address/],
    ])("refuses %s and records a transport error; the receiver sees nothing", async (_name, makeUrl, message) => {
      const port = new URL(ok.url).port;
      const { tenantId } = await seedTenant(db(), { url: makeUrl(port) });
      const before = ok.requests.length;
      const { deliveryId } = await seedCompletion(db(), tenantId);
      await deliverNow({ ctx: contextFor(hosted()), deliveryId: deliveryId! });
      const row = await waitForAttempts(db(), deliveryId!, 1);
      expect(row.attempts[0].response_status).toBeNull();
      expect(row.attempts[0].error).toMatch(message);
      expect(ok.requests.length).toBe(before);
    });
  });
});
