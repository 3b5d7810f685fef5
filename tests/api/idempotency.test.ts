/**
 * `Idempotency-Key` on `POST /v1/sessions` and `POST /v1/dashboard/credits/topup`, at the HTTP
 * level, on whichever backend the suite runs against (PGlite, or Postgres in CI's second pass):
 * a repeat gets the first answer without the work, another request under the same key is
 * refused, parallel repeats do the work once, failures are not remembered, keys last a day.
 */
import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { schema } from "@/lib/db";
import { expireIdempotencyKeys } from "@/lib/idempotency";
import { contextFor } from "@/lib/context";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { balanceOf, setBalance } from "../support/sessions";
import { useServices } from "../support/services";

const svc = useServices();
const db = () => svc.get().db;
afterEach(() => resetClock());

const createSession = (secretKey: string, key: string | null, json: Record<string, unknown> = { metadata: { order: "A-1" } }) =>
  callJson("POST", "/v1/sessions", { bearer: secretKey, json, headers: key === null ? {} : { "Idempotency-Key": key } });
const topUp = (cookie: string, key: string | null, amount = 500) =>
  callJson("POST", "/v1/dashboard/credits/topup", { cookie, json: { amount }, headers: key === null ? {} : { "Idempotency-Key": key } });

const sessionCount = async (tenantId: string) =>
  (await db().select({ n: count() }).from(schema.sessions).where(eq(schema.sessions.tenantId, tenantId)))[0].n;
const keyRows = async (tenantId: string) => db().select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.tenantId, tenantId));

describe("POST /v1/sessions with an Idempotency-Key", () => {
  it("a repeat with the same request answers the first 201 again, marked replayed, and opens no second session", async () => {
    const a = await signup();
    const first = await createSession(a.secretKey, "order-A-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await createSession(a.secretKey, "order-A-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await sessionCount(a.tenant.id)).toBe(1);
  });

  it("the same request with keys in another order is the same request", async () => {
    const a = await signup();
    const first = await createSession(a.secretKey, "k-order", { metadata: { a: 1, b: 2 }, callback_url: "https://example.com/hook" });
    const again = await createSession(a.secretKey, "k-order", { callback_url: "https://example.com/hook", metadata: { b: 2, a: 1 } });
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await sessionCount(a.tenant.id)).toBe(1);
  });

  it("the same key with another body is 409 idempotency_key_reused, and nothing is created", async () => {
    const a = await signup();
    await createSession(a.secretKey, "k-reused", { metadata: { order: "A-1" } });
    const other = await createSession(a.secretKey, "k-reused", { metadata: { order: "B-2" } });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: "idempotency_key_reused", message: expect.any(String) });
    expect(await sessionCount(a.tenant.id)).toBe(1);
  });

  it("ten parallel requests with one key open one session and all get its answer", async () => {
    const a = await signup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => createSession(a.secretKey, "k-parallel")));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(await sessionCount(a.tenant.id)).toBe(1);
  });

  it("keys belong to one tenant: another tenant's identical key opens its own session", async () => {
    const [a, b] = [await signup(), await signup()];
    const fromA = await createSession(a.secretKey, "shared-key");
    const fromB = await createSession(b.secretKey, "shared-key");
    expect(fromB.status).toBe(201);
    expect(fromB.body.id).not.toBe(fromA.body.id);
  });

  it("without a key every request does the work", async () => {
    const a = await signup();
    await createSession(a.secretKey, null);
    await createSession(a.secretKey, null);
    expect(await sessionCount(a.tenant.id)).toBe(2);
  });

  it("a failed first request is not remembered: after a top-up the same key does the work", async () => {
    const a = await signup();
    await setBalance(db(), a.tenant.id, 0);
    const refused = await createSession(a.secretKey, "k-after-topup");
    expect(refused.status).toBe(402);
    expect(await keyRows(a.tenant.id)).toEqual([]);
    await setBalance(db(), a.tenant.id, 5);
    const created = await createSession(a.secretKey, "k-after-topup");
    expect(created.status).toBe(201);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a malformed key is 400 with fields, reported together with the body's problems; nothing is created", async () => {
    const a = await signup();
    for (const bad of ["x".repeat(256), "has space", "ünï"]) {
      const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { scanner_id: "" }, headers: { "Idempotency-Key": bad } });
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(["Idempotency-Key", "scanner_id"]);
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
    expect((await createSession(a.secretKey, "x".repeat(255))).status).toBe(201);
  });

  it("a key is kept for 24 hours: afterwards the same key opens a new session, and the scheduled run deletes old keys", async () => {
    const a = await signup();
    const first = await createSession(a.secretKey, "k-day");
    advanceClock(23 * 3600_000);
    expect((await createSession(a.secretKey, "k-day")).body.id).toBe(first.body.id);
    advanceClock(3600_000 + 1000);
    const later = await createSession(a.secretKey, "k-day");
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    await createSession(a.secretKey, "k-other");
    advanceClock(24 * 3600_000 + 1000);
    expect(await expireIdempotencyKeys({ ctx: { ...contextFor(svc.get()), now: now() } })).toBeGreaterThanOrEqual(2);
    expect(await keyRows(a.tenant.id)).toEqual([]);
  });

  it("a key whose first request is still working: a repeat waits, then 409 idempotency_key_in_use; after a minute it is taken over", async () => {
    const a = await signup();
    // the fingerprint the service stores for this request, read from a probe key
    await createSession(a.secretKey, "k-probe");
    const [probe] = await db().select().from(schema.idempotencyKeys).where(and(eq(schema.idempotencyKeys.tenantId, a.tenant.id), eq(schema.idempotencyKeys.key, "k-probe")));
    const working = { tenantId: a.tenant.id, endpoint: "POST /v1/sessions", requestHash: probe.requestHash };
    await db().insert(schema.idempotencyKeys).values({ ...working, key: "k-working", createdAt: now() });
    const busy = await createSession(a.secretKey, "k-working");
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe("idempotency_key_in_use");

    await db().insert(schema.idempotencyKeys).values({ ...working, key: "k-abandoned", createdAt: new Date(now().getTime() - 120_000) });
    const taken = await createSession(a.secretKey, "k-abandoned");
    expect(taken.status).toBe(201);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    expect(await sessionCount(a.tenant.id)).toBe(2);
  }, 120_000);
});

describe("POST /v1/dashboard/credits/topup with an Idempotency-Key", () => {
  it("a retried top-up buys once and answers the first 201 again", async () => {
    const a = await signup();
    const before = await balanceOf(db(), a.tenant.id);
    const first = await topUp(a.cookie, "topup-1");
    const again = await topUp(a.cookie, "topup-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await balanceOf(db(), a.tenant.id)).toBe(before + 500);
  });

  it("the same key with another amount is 409 idempotency_key_reused and buys nothing", async () => {
    const a = await signup();
    const before = await balanceOf(db(), a.tenant.id);
    await topUp(a.cookie, "topup-2", 500);
    const other = await topUp(a.cookie, "topup-2", 2500);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("idempotency_key_reused");
    expect(await balanceOf(db(), a.tenant.id)).toBe(before + 500);
  });

  it("eight parallel top-ups with one key buy once", async () => {
    const a = await signup();
    const before = await balanceOf(db(), a.tenant.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => topUp(a.cookie, "topup-parallel")));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(await balanceOf(db(), a.tenant.id)).toBe(before + 500);
    const ledger = await db().select().from(schema.creditLedger).where(and(eq(schema.creditLedger.tenantId, a.tenant.id), eq(schema.creditLedger.reason, "topup")));
    expect(ledger).toHaveLength(1);
  });

  it("the session key and the top-up key of one name are different keys", async () => {
    const a = await signup();
    expect((await createSession(a.secretKey, "same-name")).status).toBe(201);
    expect((await topUp(a.cookie, "same-name")).status).toBe(201);
  });
});
