import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { now } from "@/lib/clock";
import { appendLedgerEntry } from "@/lib/credits";
import { withTx } from "@/lib/db";
import { creditLedger, tenants } from "@/lib/db/schema";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, expectCrossOriginRefused, signup, topUp } from "../support/factories";
import { useServices } from "../support/services";

const svc = useServices();

const read = async (cookie: string) => {
  const res = await callJson("GET", "/v1/dashboard/credits", { cookie });
  expect(res.status).toBe(200);
  return res.body;
};
const topUpRaw = (cookie: string, json: unknown) => callJson("POST", "/v1/dashboard/credits/topup", { cookie, json });
const plan = async (cookie: string) => (await callJson("GET", "/v1/auth/me", { cookie })).body.tenant.plan;

async function adjust(tenantId: string, delta: number, at: Date = now()) {
  await withTx(svc.get().db, (tx) => appendLedgerEntry(tx, { tenantId, delta, reason: "adjustment", note: "test adjustment", now: at }));
}

/** The ledger's invariants: newest first, seq-ordered chain, and deltas summing to the balance. */
function expectUnbrokenChain(credits: { balance: number; ledger: { delta: number; balance_after: number }[] }) {
  const oldestFirst = [...credits.ledger].reverse();
  let balance = 0;
  for (const entry of oldestFirst) {
    balance += entry.delta;
    expect(entry.balance_after).toBe(balance);
  }
  expect(balance).toBe(credits.balance);
}

describe("happy", () => {
  it("a new account has 250 credits from the signup grant", async () => {
    const a = await signup();
    expect(await read(a.cookie)).toEqual({
      balance: 250,
      spent_30d: 0,
      ledger: [{ id: expect.stringMatching(/^led_/), delta: 250, balance_after: 250, reason: "signup_grant", session_id: null, note: null, created_at: expect.any(String) }],
    });
  });

  it.each([500, 2500, 10000, 50000])("a %i pack tops up at once, heads the ledger and moves the plan to starter", async (amount) => {
    const a = await signup();
    expect(await plan(a.cookie)).toBe("free");
    const res = await topUpRaw(a.cookie, { amount });
    expect(res.status).toBe(201);
    expect(res.body.balance).toBe(250 + amount);
    expect(res.body.ledger[0]).toMatchObject({ delta: amount, balance_after: 250 + amount, reason: "topup", session_id: null, note: null });
    expect(res.body).toEqual(await read(a.cookie));
    expect(await plan(a.cookie)).toBe("starter");
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).body.tenant.credits).toBe(250 + amount);
  });

  it("spent_30d sums the negative deltas of the last 30 days as a positive number", async () => {
    const a = await signup();
    await adjust(a.tenant.id, -3);
    await adjust(a.tenant.id, -2);
    await adjust(a.tenant.id, 7);
    await adjust(a.tenant.id, -100, new Date(now().getTime() - 31 * 24 * 3600 * 1000));
    const credits = await read(a.cookie);
    expect(credits.spent_30d).toBe(5);
    expect(credits.balance).toBe(250 - 3 - 2 + 7 - 100);
    expect(credits.ledger[0]).toMatchObject({ delta: -100, reason: "adjustment", note: "test adjustment" });
    expectUnbrokenChain(credits);
  });

  it("the ledger returns the newest 200 entries", async () => {
    const a = await signup();
    for (let i = 0; i < 205; i++) await adjust(a.tenant.id, 1);
    const credits = await read(a.cookie);
    expect(credits.balance).toBe(455);
    expect(credits.ledger).toHaveLength(200);
    expect(credits.ledger[0].balance_after).toBe(455);
    expect(credits.ledger[199].balance_after).toBe(256);
  }, 120_000);

  it("40 parallel top-ups leave an unbroken balance_after chain whose deltas sum to the balance", async () => {
    const a = await signup();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => topUpRaw(a.cookie, { amount: i % 2 ? 500 : 2500 })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const credits = await read(a.cookie);
    expect(credits.balance).toBe(250 + 20 * 500 + 20 * 2500);
    expect(credits.ledger).toHaveLength(41);
    expectUnbrokenChain(credits);
    const rows = await svc.get().db.select().from(creditLedger).where(eq(creditLedger.tenantId, a.tenant.id));
    expect(rows.map((r) => r.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    const [t] = await svc.get().db.select().from(tenants).where(eq(tenants.id, a.tenant.id));
    expect(t.credits).toBe(rows.reduce((sum, r) => sum + r.delta, 0));
  }, 120_000);
});

describe("errors", () => {
  it.each([
    ["a numeric string", { amount: "500" }],
    ["another number", { amount: 499 }],
    ["zero", { amount: 0 }],
    ["a negative pack", { amount: -500 }],
    ["a fraction", { amount: 500.5 }],
    ["a huge number", { amount: 1e308 }],
    ["missing", {}],
    ["null", { amount: null }],
    ["an array", { amount: [500] }],
    ["an object", { amount: { value: 500 } }],
    ["an extra field", { amount: 500, free: true }],
  ])("%s → 400 invalid_request, balance and plan unchanged", async (_l, json) => {
    const a = await signup();
    const res = await topUpRaw(a.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).length).toBeGreaterThan(0);
    expect((await read(a.cookie)).ledger).toHaveLength(1);
    expect(await plan(a.cookie)).toBe("free");
  });

  it.each([
    ["array body", "[500]"],
    ["malformed JSON", '{"amount":'],
    ["__proto__ key", '{"amount":500,"__proto__":{"amount":1}}'],
    ["constructor key", '{"amount":500,"constructor":{}}'],
    ["1 MB string", JSON.stringify({ amount: 500, note: "n".repeat(1024 * 1024) })],
  ])("%s → 400, nothing bought", async (_l, body) => {
    const a = await signup();
    const res = await callJson("POST", "/v1/dashboard/credits/topup", { cookie: a.cookie, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect((await read(a.cookie)).balance).toBe(250);
  });

  it.each([
    ["GET", "/v1/dashboard/credits"],
    ["POST", "/v1/dashboard/credits/topup"],
  ])("%s %s without a valid cookie → 401 unauthorized", async (method, path) => {
    await expectConsoleAuthRequired(method, path, { amount: 500 });
  });

  it.each([
    ["POST", "/v1/dashboard/credits"],
    ["GET", "/v1/dashboard/credits/topup"],
  ])("%s %s → 405", async (method, path) => {
    const a = await signup();
    expect((await callJson(method, path, { cookie: a.cookie, json: method === "GET" ? undefined : { amount: 500 } })).status).toBe(405);
  });
});

describe("security", () => {
  it("each tenant sees only its own balance and ledger", async () => {
    const a = await signup();
    const b = await signup();
    await topUp(a.cookie, 10000);
    const bCredits = await read(b.cookie);
    expect(bCredits.balance).toBe(250);
    expect(bCredits.ledger).toHaveLength(1);
    const aIds = (await read(a.cookie)).ledger.map((e: { id: string }) => e.id);
    expect(aIds).not.toContain(bCredits.ledger[0].id);
  });

  it("a cross-origin top-up is refused and buys nothing", async () => {
    const a = await signup();
    await expectCrossOriginRefused("POST", "/v1/dashboard/credits/topup", a.cookie, { amount: 50000 });
    expect((await read(a.cookie)).balance).toBe(250);
  });
});
