import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { schema, type Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { callJson } from "../support/app";
import { runCron } from "../support/delivery-helpers";
import { useServices } from "../support/services";
import { seedSession, seedTenant, type SessionSeed } from "../support/webhook-fixtures";

const svc = useServices({ CRON_SECRET: "cron-secret-analytics-tests" });
const db = () => svc.get().db;
const NOW = Date.UTC(2030, 5, 15, 12, 0, 0); // 2030-06-15T12:00:00Z
const at = (iso: string) => new Date(iso);

beforeEach(() => advanceClock(NOW - Date.now()));
afterEach(() => resetClock());

/** A session plus, when it produced a document, its usage event and debit (as completion writes them). */
async function seed(d: Db, tenantId: string, s: SessionSeed, doc?: { pages: number; bytes: number; at: string }, seq?: number) {
  const id = await seedSession(d, tenantId, { ...s, pageCount: doc?.pages ?? null });
  if (doc) {
    await d.insert(schema.usageEvents).values({ id: newId("usage"), tenantId, sessionId: id, mode: s.mode ?? "test", pages: doc.pages, bytes: doc.bytes, createdAt: at(doc.at) });
    await d.insert(schema.creditLedger).values({ id: newId("ledger"), tenantId, seq: seq!, delta: -1, balanceAfter: 0, reason: "session", sessionId: id, createdAt: at(doc.at) });
  }
  return id;
}

async function seedHistory(tenantId: string) {
  const d = db();
  const ids = {
    first: await seed(d, tenantId, { status: "completed", mode: "live", createdAt: at("2030-06-09T00:00:00.000Z") }, { pages: 3, bytes: 1000, at: "2030-06-09T00:05:00Z" }, 1),
    before: await seed(d, tenantId, { status: "completed", mode: "live", createdAt: at("2030-06-08T23:59:59.999Z") }, { pages: 7, bytes: 9999, at: "2030-06-08T23:59:59.999Z" }, 2),
    delivered: await seed(d, tenantId, { status: "delivered", mode: "test", createdAt: at("2030-06-15T11:00:00Z") }, { pages: 5, bytes: 2500, at: "2030-06-15T11:01:00Z" }, 3),
    createdPastTtl: await seed(d, tenantId, { status: "created", mode: "test", createdAt: at("2030-06-12T10:00:00Z") }),
    storedExpired: await seed(d, tenantId, { status: "expired", mode: "live", createdAt: at("2030-06-12T10:00:00Z") }),
    scanningPastTtl: await seed(d, tenantId, { status: "scanning", mode: "test", createdAt: at("2030-06-13T08:00:00Z") }),
    failed: await seed(d, tenantId, { status: "failed", mode: "live", createdAt: at("2030-06-13T09:00:00Z") }),
    open: await seed(d, tenantId, { status: "opened", mode: "test", createdAt: at("2030-06-15T11:55:00Z") }),
  };
  await d.insert(schema.creditLedger).values([
    { id: newId("ledger"), tenantId, seq: 4, delta: 500, balanceAfter: 500, reason: "topup", createdAt: at("2030-06-10T00:00:00Z") },
    { id: newId("ledger"), tenantId, seq: 5, delta: -2, balanceAfter: 498, reason: "adjustment", note: "test", createdAt: at("2030-06-14T00:00:00Z") },
  ]);
  return ids;
}

const get = (cookie: string, query = "") => callJson("GET", `/v1/dashboard/analytics${query}`, { cookie });

describe("happy", () => {
  it("matches a seeded history over a 7-day window, edges included and excluded", async () => {
    const { tenantId, cookie } = await seedTenant(db());
    const ids = await seedHistory(tenantId);
    const other = await seedTenant(db());
    await seedHistory(other.tenantId);
    const res = await get(cookie, "?days=7");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["from", "to", "days", "totals", "series", "by_status", "by_mode", "recent"]);
    expect(res.body).toMatchObject({ from: "2030-06-09", to: "2030-06-15", days: 7 });
    expect(res.body.totals).toEqual({ sessions: 7, completed: 2, failed: 2, expired: 2, pages: 8, bytes: 3500, credits_spent: 4, completion_rate: 2 / 7 });
    expect(res.body.series).toEqual([
      { date: "2030-06-09", created: 1, completed: 1, failed: 0 },
      { date: "2030-06-10", created: 0, completed: 0, failed: 0 },
      { date: "2030-06-11", created: 0, completed: 0, failed: 0 },
      { date: "2030-06-12", created: 2, completed: 0, failed: 0 },
      { date: "2030-06-13", created: 2, completed: 0, failed: 2 },
      { date: "2030-06-14", created: 0, completed: 0, failed: 0 },
      { date: "2030-06-15", created: 2, completed: 1, failed: 0 },
    ]);
    expect(res.body.by_status).toEqual([
      { status: "created", count: 0 },
      { status: "opened", count: 1 },
      { status: "scanning", count: 0 },
      { status: "completed", count: 1 },
      { status: "delivered", count: 1 },
      { status: "failed", count: 2 },
      { status: "expired", count: 2 },
    ]);
    expect(res.body.by_mode).toEqual([{ mode: "test", count: 4 }, { mode: "live", count: 3 }]);
    const recent = res.body.recent as { id: string; status: string; mode: string; pages: number; created_at: string }[];
    expect(recent.map((r) => r.id).slice(0, 4)).toEqual([ids.open, ids.delivered, ids.failed, ids.scanningPastTtl]);
    expect(recent).toHaveLength(7);
    expect(recent.map((r) => r.id)).not.toContain(ids.before);
    expect(recent[0]).toEqual({ id: ids.open, status: "opened", mode: "test", pages: 0, created_at: "2030-06-15T11:55:00.000Z" });
    expect(recent[1]).toMatchObject({ status: "delivered", pages: 5 });
    expect(recent.find((r) => r.id === ids.createdPastTtl)?.status).toBe("expired");
    expect(recent.find((r) => r.id === ids.scanningPastTtl)?.status).toBe("failed");
  });

  it("a one-day window is today only; the open session expires with the clock, as reads do", async () => {
    const { tenantId, cookie } = await seedTenant(db());
    await seedHistory(tenantId);
    const day = await get(cookie, "?days=1");
    expect(day.body).toMatchObject({ from: "2030-06-15", to: "2030-06-15", days: 1 });
    expect(day.body.totals).toMatchObject({ sessions: 2, completed: 1, expired: 0, pages: 5, bytes: 2500, credits_spent: 1, completion_rate: 0.5 });
    expect(day.body.series).toEqual([{ date: "2030-06-15", created: 2, completed: 1, failed: 0 }]);
    advanceClock(20 * 60_000); // the opened session's TTL passes; no cron has run
    const later = await get(cookie, "?days=1");
    expect(later.body.totals.expired).toBe(1);
    expect(later.body.by_status.find((s: { status: string }) => s.status === "opened").count).toBe(0);
  });

  it("the cron's sweep does not change the answer (reads already apply expiry)", async () => {
    resetClock(); // real time: a cron run with a moved clock would sweep other test files' rows on a shared database
    const { tenantId, cookie } = await seedTenant(db());
    const hourAgo = new Date(now().getTime() - 3_600_000);
    await seedSession(db(), tenantId, { status: "created", createdAt: hourAgo });
    await seedSession(db(), tenantId, { status: "scanning", createdAt: hourAgo });
    await seedSession(db(), tenantId, { status: "completed", createdAt: hourAgo });
    const before = await get(cookie, "?days=2");
    expect(before.body.totals).toMatchObject({ sessions: 3, completed: 1, failed: 1, expired: 1 });
    await runCron(svc.get());
    const after = await get(cookie, "?days=2");
    expect(after.body).toEqual(before.body);
  });

  it("an account with no sessions gets zeros, a zero rate, and every day of the default 30", async () => {
    const { cookie } = await seedTenant(db());
    const res = await get(cookie);
    expect(res.body).toMatchObject({ from: "2030-05-17", to: "2030-06-15", days: 30, recent: [] });
    expect(res.body.totals).toEqual({ sessions: 0, completed: 0, failed: 0, expired: 0, pages: 0, bytes: 0, credits_spent: 0, completion_rate: 0 });
    expect(res.body.series).toHaveLength(30);
    expect(res.body.series.every((d: { created: number; completed: number; failed: number }) => d.created + d.completed + d.failed === 0)).toBe(true);
    expect(res.body.by_mode).toEqual([{ mode: "test", count: 0 }, { mode: "live", count: 0 }]);
    expect(res.body.by_status.every((s: { count: number }) => s.count === 0)).toBe(true);
  });

  it("90 days is the longest window and includes older history", async () => {
    const { tenantId, cookie } = await seedTenant(db());
    await seedSession(db(), tenantId, { status: "completed", createdAt: at("2030-03-18T00:00:00Z") });
    await seedSession(db(), tenantId, { status: "completed", createdAt: at("2030-03-17T23:59:59Z") });
    const res = await get(cookie, "?days=90");
    expect(res.body).toMatchObject({ from: "2030-03-18", days: 90 });
    expect(res.body.series).toHaveLength(90);
    expect(res.body.series[0]).toEqual({ date: "2030-03-18", created: 1, completed: 1, failed: 0 });
    expect(res.body.totals.sessions).toBe(1);
  });

  it("recent lists at most 10, newest first", async () => {
    const { tenantId, cookie } = await seedTenant(db());
    for (let i = 0; i < 12; i++) await seedSession(db(), tenantId, { status: "completed", createdAt: new Date(now().getTime() - i * 60_000) });
    const res = await get(cookie, "?days=1");
    expect(res.body.recent).toHaveLength(10);
    const times = res.body.recent.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("errors", () => {
  it.each(["0", "91", "-1", "1.5", "abc", "", "1e1", "%00", "９"])("days=%s falls back to 30 without an error", async (days) => {
    const { cookie } = await seedTenant(db());
    const res = await get(cookie, `?days=${days}`);
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    expect(res.body.series).toHaveLength(30);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s → 405", async (method) => {
    const { cookie } = await seedTenant(db());
    const res = await callJson(method, "/v1/dashboard/analytics", { cookie });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("security", () => {
  it("without a console cookie → 401 unauthorized", async () => {
    for (const cookie of [undefined, "sc_session=forged"]) {
      const res = await callJson("GET", "/v1/dashboard/analytics", { cookie });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
  });

  it("only the caller's tenant is counted", async () => {
    const a = await seedTenant(db());
    const b = await seedTenant(db());
    await seedHistory(a.tenantId);
    const res = await get(b.cookie, "?days=7");
    expect(res.body.totals.sessions).toBe(0);
    expect(res.body.recent).toEqual([]);
  });
});
