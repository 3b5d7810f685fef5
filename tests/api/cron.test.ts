import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { schema } from "@/lib/db";
import { DependencyUnavailable } from "@/lib/dependencies";
import { flushDeferred } from "@/lib/http";
import { newId } from "@/lib/ids";
import { DUE_BATCH } from "@/lib/webhooks/deliver-due-webhooks";
import { verifySignature } from "@docscan/verify-webhook";
import { call, callJson } from "../support/app";
import { deliveryRow, runCron, sessionStatus, waitForAttempts } from "../support/delivery-helpers";
import { signup } from "../support/factories";
import { startReceiver, type Receiver } from "../support/receiver";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadJson } from "../support/sessions";
import { seedCompletion, seedSession, seedTenant } from "../support/webhook-fixtures";
import { contextFor } from "@/lib/context";

const CRON_SECRET = "cron-secret-0123456789-abcdef";
const svc = useServices({ CRON_SECRET, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_BASE_SECONDS: "0" });
const db = () => svc.get().db;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ kind: "slow", delayMs: 20 });
});
afterAll(() => receiver.close());
afterEach(() => resetClock());

const sessionIdsAt = (r: Receiver) => r.requests.map((q) => JSON.parse(q.rawBody.toString()).session_id as string);

describe("happy", () => {
  it.each(["POST", "GET"] as const)("%s runs the scheduled work and answers {status, attempted, skipped}", async (method) => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const { sessionId, deliveryId } = await seedCompletion(db(), tenantId);
    const res = await runCron(svc.get(), method);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", attempted: expect.any(Number), skipped: expect.any(Boolean), failed_steps: [] });
    const row = await waitForAttempts(db(), deliveryId!, 1);
    expect(row.status).toBe("succeeded");
    expect(sessionIdsAt(receiver).filter((id) => id === sessionId)).toHaveLength(1);
    expect(await sessionStatus(db(), sessionId)).toBe("delivered");
  });

  it("a run with nothing due and nothing to sweep is skipped", async () => {
    advanceClock(-20 * 365 * 86_400_000); // before every row any test wrote: nothing due, nothing overdue
    const res = await runCron(svc.get());
    expect(res.body).toEqual({ status: "ok", attempted: 0, skipped: true, failed_steps: [] });
  });

  it("10 overlapping calls attempt each due delivery exactly once (counted at the receiver)", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const seeded = await Promise.all(Array.from({ length: 30 }, () => seedCompletion(db(), tenantId)));
    const results = await Promise.all(Array.from({ length: 10 }, () => runCron(svc.get())));
    for (const r of results) expect(r.status).toBe(200);
    const ids = seeded.map((s) => s.deliveryId!);
    for (const id of ids) await waitForAttempts(db(), id, 1);
    await new Promise((r) => setTimeout(r, 200)); // a duplicate send, if any, would land by now
    const mine = new Set(seeded.map((s) => s.sessionId));
    const hits = sessionIdsAt(receiver).filter((id) => mine.has(id));
    expect(hits).toHaveLength(30);
    expect(new Set(hits).size).toBe(30);
    const rows = await db().select().from(schema.webhookDeliveries).where(inArray(schema.webhookDeliveries.id, ids));
    expect(rows.every((r) => r.attemptCount === 1 && r.status === "succeeded" && r.attempts.length === 1)).toBe(true);
    // (the sum of `attempted` may include other tests' due deliveries on a shared database)
    expect(results.reduce((n, r) => n + r.body.attempted, 0)).toBeGreaterThanOrEqual(1);
  });

  it("one run attempts at most one batch; the next run takes the rest", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const seeded = await Promise.all(Array.from({ length: DUE_BATCH + 5 }, () => seedCompletion(db(), tenantId)));
    const first = await runCron(svc.get());
    expect(first.body.attempted).toBeLessThanOrEqual(DUE_BATCH);
    await runCron(svc.get());
    await runCron(svc.get());
    for (const s of seeded) expect((await waitForAttempts(db(), s.deliveryId!, 1)).attemptCount).toBe(1);
  });

  it("retries with WEBHOOK_RETRY_BASE_SECONDS=0 are due at once and stop after three attempts", async () => {
    const failing = await startReceiver({ kind: "status", status: 500 });
    try {
      const { tenantId } = await seedTenant(db(), { url: failing.url });
      const { deliveryId } = await seedCompletion(db(), tenantId);
      for (let i = 1; i <= 4; i++) await runCron(svc.get());
      const row = await waitForAttempts(db(), deliveryId!, 3);
      expect(row.status).toBe("failed");
      expect(failing.requests).toHaveLength(3);
    } finally {
      await failing.close();
    }
  });

  it("the same run expires overdue sessions and fails overdue scans with a scan.failed delivery", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url, events: ["scan.failed"] });
    const past = new Date(now().getTime() - 3_600_000);
    const created = await seedSession(db(), tenantId, { status: "created", createdAt: past });
    const opened = await seedSession(db(), tenantId, { status: "opened", createdAt: past });
    const scanning = await seedSession(db(), tenantId, { status: "scanning", createdAt: past, metadata: { ref: "x" } });
    const fresh = await seedSession(db(), tenantId, { status: "opened" });
    await runCron(svc.get());
    expect(await sessionStatus(db(), created)).toBe("expired");
    expect(await sessionStatus(db(), opened)).toBe("expired");
    expect(await sessionStatus(db(), scanning)).toBe("failed");
    expect(await sessionStatus(db(), fresh)).toBe("opened");
    const [delivery] = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, scanning));
    expect(delivery.event).toBe("scan.failed");
    const row = await waitForAttempts(db(), delivery.id, 1);
    expect(row.status).toBe("succeeded");
    expect(JSON.parse(row.payload)).toMatchObject({ type: "scan.failed", session_id: scanning, metadata: { ref: "x" }, result: null });
  });

  it("the same run deletes files past retention and keeps the others", async () => {
    const { tenantId } = await seedTenant(db());
    const at = now();
    const seedFile = async (retainUntil: Date) => {
      const sessionId = await seedSession(db(), tenantId, { status: "completed" });
      const key = `test/${newId("file")}.pdf`;
      await svc.get().storage.put(key, new Uint8Array(pdfBytes(64)), { contentType: "application/pdf", maxBytes: 1024 });
      const id = newId("file");
      await db().insert(schema.files).values({ id, tenantId, sessionId, storageKey: key, contentType: "application/pdf", bytes: 64, pageCount: 1, createdAt: new Date(at.getTime() - 120_000), retainUntil });
      return { id, key };
    };
    const old = await seedFile(new Date(at.getTime() - 1000));
    const kept = await seedFile(new Date(at.getTime() + 3_600_000));
    const res = await runCron(svc.get());
    expect(res.body.skipped).toBe(false);
    expect(await svc.get().storage.stat(old.key)).toBeNull();
    expect(await svc.get().storage.stat(kept.key)).not.toBeNull();
    const rows = await db().select().from(schema.files).where(inArray(schema.files.id, [old.id, kept.id]));
    expect(rows.find((r) => r.id === old.id)!.deletedAt).not.toBeNull();
    expect(rows.find((r) => r.id === kept.id)!.deletedAt).toBeNull();
  });

  it("the embedded scheduler's entry point does the same work", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    const result = await runScheduledWork({ ctx: contextFor(svc.get()) });
    expect(result.skipped).toBe(false);
    expect((await waitForAttempts(db(), deliveryId!, 1)).status).toBe("succeeded");
  });

  it("full flow: signup, endpoint, session, upload → signed scan.completed delivered without the cron; session delivered", async () => {
    const account = await signup();
    const put = await callJson("PUT", "/v1/dashboard/webhook", { cookie: account.cookie, json: { url: receiver.url } });
    expect(put.status).toBe(200);
    const { secret } = (await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie: account.cookie })).body;
    const session = await createSessionWith(account.secretKey, { metadata: { order: "flow-1" } });
    const upload = await uploadJson(session.client_token, pdfBytes(2048), { pages: 3 });
    expect(upload.status).toBe(200);
    await flushDeferred();
    const [delivery] = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, session.id));
    await waitForAttempts(db(), delivery.id, 1);
    const req = receiver.requests.find((q) => JSON.parse(q.rawBody.toString()).session_id === session.id)!;
    expect(verifySignature({ rawBody: req.rawBody, header: req.headers["x-scanner-signature"] as string, secret })).toBe(true);
    expect(JSON.parse(req.rawBody.toString())).toMatchObject({ type: "scan.completed", metadata: { order: "flow-1" }, result: upload.body.result });
    expect((await deliveryRow(db(), delivery.id)).status).toBe("succeeded");
    const read = await callJson("GET", `/v1/sessions/${session.id}`, { bearer: account.secretKey });
    expect(read.body.status).toBe("delivered");
  });
});

describe("faults (one failing step never stops the others)", () => {
  const seedFilePastRetention = async (tenantId: string) => {
    const sessionId = await seedSession(db(), tenantId, { status: "completed" });
    const key = `test/${newId("file")}.pdf`;
    await svc.get().storage.put(key, new Uint8Array(pdfBytes(64)), { contentType: "application/pdf", maxBytes: 1024 });
    const id = newId("file");
    const at = now();
    await db().insert(schema.files).values({ id, tenantId, sessionId, storageKey: key, contentType: "application/pdf", bytes: 64, pageCount: 1, createdAt: new Date(at.getTime() - 120_000), retainUntil: new Date(at.getTime() - 1000) });
    return { id, key };
  };

  it("storage down during the run: the due delivery is still attempted; the file waits for the next run, which deletes it", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const file = await seedFilePastRetention(tenantId);
    const { deliveryId } = await seedCompletion(db(), tenantId);
    const storage = svc.get().storage;
    const realDelete = storage.delete;
    storage.delete = () => Promise.reject(new DependencyUnavailable("storage", "unreachable"));
    try {
      const res = await runCron(svc.get());
      expect(res.status).toBe(200);
      expect((await waitForAttempts(db(), deliveryId!, 1)).status).toBe("succeeded");
      expect((await db().select().from(schema.files).where(eq(schema.files.id, file.id)))[0].deletedAt).toBeNull();
    } finally {
      storage.delete = realDelete;
    }
    await runCron(svc.get());
    expect((await db().select().from(schema.files).where(eq(schema.files.id, file.id)))[0].deletedAt).not.toBeNull();
    expect(await storage.stat(file.key)).toBeNull();
  });

  it("a step that throws is named in failed_steps and the later steps still run", async () => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    const { db: realDb } = svc.get();
    // The session sweep starts with an UPDATE on the database handle; delivery writes run in transactions.
    const broken = new Proxy(realDb, {
      get: (target, prop, receiver) =>
        prop === "update"
          ? () => {
              throw new Error("sweep broke");
            }
          : Reflect.get(target, prop, receiver),
    });
    const result = await runScheduledWork({ ctx: { ...contextFor(svc.get()), db: broken } });
    expect(result.failed_steps).toContain("sessions");
    expect((await waitForAttempts(db(), deliveryId!, 1)).status).toBe("succeeded");
  });
});

describe("errors", () => {
  it.each(["PUT", "PATCH", "DELETE"])("%s → 405 with Allow: GET, POST", async (method) => {
    const res = await callJson(method, "/v1/cron/webhooks", { bearer: CRON_SECRET });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
  });
});

describe("security", () => {
  const wrong: [string, Record<string, string>][] = [
    ["no header", {}],
    ["a wrong secret", { authorization: `Bearer ${CRON_SECRET}x` }],
    ["a prefix of the secret", { authorization: `Bearer ${CRON_SECRET.slice(0, -1)}` }],
    ["Basic auth", { authorization: `Basic ${Buffer.from(`x:${CRON_SECRET}`).toString("base64")}` }],
    ["the bare secret", { authorization: CRON_SECRET }],
    ["an empty bearer", { authorization: "Bearer " }],
  ];
  it.each(wrong)("%s → 401 unauthorized for GET and POST, and no work is done", async (_name, headers) => {
    const { tenantId } = await seedTenant(db(), { url: receiver.url });
    const { deliveryId } = await seedCompletion(db(), tenantId);
    for (const method of ["GET", "POST"]) {
      const res = await callJson(method, "/v1/cron/webhooks", { headers });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
    expect((await deliveryRow(db(), deliveryId!)).attemptCount).toBe(0);
  });

  it("with CRON_SECRET unset every request is 401, whatever it sends", async () => {
    const config = svc.get().config;
    const saved = config.cronSecret;
    config.cronSecret = undefined;
    try {
      for (const authorization of ["Bearer ", "Bearer undefined", `Bearer ${saved}`, "Bearer null"]) {
        const res = await call("POST", "/v1/cron/webhooks", { headers: { authorization } });
        expect(res.status).toBe(401);
      }
    } finally {
      config.cronSecret = saved;
    }
  });

  it("a console cookie is not an operator credential", async () => {
    const { cookie } = await seedTenant(db());
    expect((await callJson("POST", "/v1/cron/webhooks", { cookie })).status).toBe(401);
  });
});
