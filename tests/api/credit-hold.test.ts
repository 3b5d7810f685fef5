/**
 * The credit rule's hold counter (drizzle/0006, lib/sessions/hold.ts): `held_sessions` is an
 * upper bound on the tenant's live sessions that openings raise, completions and failures
 * lower, and a refused opening recounts. Checked at the HTTP level, and under parallel
 * openings, completions and failures (against real Postgres when TEST_DATABASE_URL is set).
 */
import { readFileSync } from "node:fs";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { createDb, schema, type Db } from "@/lib/db";
import { errorChain } from "@/lib/dependencies";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { insertSession } from "@/lib/sessions/insert-session";
import { LIVE_STATES } from "@/lib/session-states/transitions";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, pdfBytes, setBalance, uploadJson } from "../support/sessions";

const svc = useServices({ MAX_CONCURRENT_UPLOADS: "64" });
afterEach(() => resetClock());

const open = (secretKey: string) => callJson("POST", "/v1/sessions", { bearer: secretKey, json: {} });
const fail = (token: string) => callJson("POST", "/v1/scanner/fail", { json: { session: token, reason: "scan_error" } });

async function heldSessions(db: Db, tenantId: string): Promise<number> {
  const [t] = await db.select({ held: schema.tenants.heldSessions }).from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return t.held;
}

async function liveSessions(db: Db, tenantId: string): Promise<number> {
  const s = schema.sessions;
  const [row] = await db.select({ n: count() }).from(s).where(and(eq(s.tenantId, tenantId), inArray(s.status, LIVE_STATES), isNull(s.tokenUsedAt), gt(s.expiresAt, now())));
  return row.n;
}

describe("happy", () => {
  it("opening holds a credit; completing and failing give it back", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 2);
    const s1 = await createSessionWith(a.secretKey);
    const s2 = await createSessionWith(a.secretKey);
    expect(await heldSessions(db, a.tenant.id)).toBe(2);
    expect((await open(a.secretKey)).status).toBe(402);

    expect((await fail(s1.client_token)).status).toBe(200);
    expect(await heldSessions(db, a.tenant.id)).toBe(1);
    const s3 = await createSessionWith(a.secretKey);

    expect((await uploadJson(s2.client_token, pdfBytes())).status).toBe(200);
    expect(await balanceOf(db, a.tenant.id)).toBe(1);
    expect(await heldSessions(db, a.tenant.id)).toBe(1); // s3's
    expect((await open(a.secretKey)).status).toBe(402);
    expect((await uploadJson(s3.client_token, pdfBytes())).status).toBe(200);
    expect(await heldSessions(db, a.tenant.id)).toBe(0);
  });

  it("an expired session keeps its hold until a refused opening recounts, which then succeeds", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 1);
    const first = await createSessionWith(a.secretKey);
    advanceClock(Date.parse(first.expires_at) - now().getTime() + 1000);
    expect(await heldSessions(db, a.tenant.id)).toBe(1); // the bound, not yet the truth
    const second = await open(a.secretKey);
    expect(second.status).toBe(201);
    expect(await heldSessions(db, a.tenant.id)).toBe(1); // recounted: 0 live, plus the new one
  });

  it("a top-up frees the bound at once: no recount needed", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 1);
    await createSessionWith(a.secretKey);
    expect((await open(a.secretKey)).status).toBe(402);
    await setBalance(db, a.tenant.id, 2);
    expect((await open(a.secretKey)).status).toBe(201);
    expect(await heldSessions(db, a.tenant.id)).toBe(2);
  });
});

describe("durability", () => {
  // One connection, so the statements below follow the opening on its connection. A test of
  // the setting's scope, the only thing of it a test can see: what a crash would lose is not.
  it("an opening commits asynchronously, in its own transaction only: the connection's next statement is synchronous", async () => {
    const { config, db: shared } = svc.get();
    const single = config.databaseUrl ? await createDb({ databaseUrl: config.databaseUrl, pgliteDir: "memory://", poolMax: 1 }) : undefined;
    const db = single?.db ?? shared;
    try {
      const a = await signup();
      const setting = async () => {
        const [row] = await db.select({ s: sql<string>`current_setting('synchronous_commit')` }).from(schema.tenants).where(eq(schema.tenants.id, a.tenant.id));
        return row.s;
      };
      const opening = { tenantId: a.tenant.id, mode: "test" as const, metadata: {}, scanner: PLATFORM_DEFAULTS, profileId: null, allowedOrigins: [], callbackUrl: null, createdWith: "secret" as const, now: now() };
      expect(await setting()).toBe("on");
      await db.execute(sql`begin`);
      let insideOpening: string;
      try {
        await insertSession({ config, db }, opening);
        insideOpening = await setting();
      } finally {
        await db.execute(sql`commit`); // a failure here must not leave the shared connection in a transaction
      }
      expect(insideOpening).toBe("off");
      expect(await setting()).toBe("on");
      await insertSession({ config, db }, opening); // as the service runs it: its own transaction
      expect(await setting()).toBe("on");
      expect(await heldSessions(db, a.tenant.id)).toBe(2);
    } finally {
      await single?.close();
    }
  });
});

describe("errors", () => {
  it("402 after a recount says how many open sessions hold the balance; nothing is inserted", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 2);
    await createSessionWith(a.secretKey);
    await createSessionWith(a.secretKey);
    const before = await liveSessions(db, a.tenant.id);
    const refused = await open(a.secretKey);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: "insufficient_credits", message: "A session costs 1 credit; your balance is 2 and 2 open sessions hold 2 of it. Top up to open new sessions." });
    expect(await liveSessions(db, a.tenant.id)).toBe(before);
    expect(await heldSessions(db, a.tenant.id)).toBe(2);
  });

  it("a failure of the opening's statement other than the bound's refusal is thrown: the exact rule does not run in its place", async () => {
    const a = await signup();
    const db = svc.get().db;
    const { config } = svc.get();
    // session_credit_hold failing otherwise, for this tenant only (other tests share the database).
    const holdRaising = (code: string) =>
      sql.raw(`CREATE OR REPLACE FUNCTION "session_credit_hold"("p_tenant_id" text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF "p_tenant_id" = '${a.tenant.id}' THEN RAISE EXCEPTION 'hold failed' USING ERRCODE = '${code}'; END IF;
  UPDATE "tenants" SET "held_sessions" = "held_sessions" + 1 WHERE "id" = "p_tenant_id" AND "credits" - "held_sessions" >= 1;
  IF FOUND THEN RETURN true; END IF;
  RAISE EXCEPTION 'no credit free under the held-sessions bound of tenant %', "p_tenant_id" USING ERRCODE = 'DS402';
END
$$`);
    const opening = { tenantId: a.tenant.id, mode: "test" as const, metadata: {}, scanner: PLATFORM_DEFAULTS, profileId: null, allowedOrigins: [], callbackUrl: null, createdWith: "secret" as const, now: now() };
    await db.execute(holdRaising("XX001"));
    try {
      const thrown = await insertSession({ config, db }, opening).then(
        () => null,
        (err: unknown) => err,
      );
      expect([...errorChain(thrown)].some((e) => e.code === "XX001")).toBe(true);
      expect(await liveSessions(db, a.tenant.id)).toBe(0);
      expect(await heldSessions(db, a.tenant.id)).toBe(0);
      // The same function raising the bound's code: the exact rule runs and opens the session.
      await db.execute(holdRaising("DS402"));
      await insertSession({ config, db }, opening);
      expect(await liveSessions(db, a.tenant.id)).toBe(1);
      expect(await heldSessions(db, a.tenant.id)).toBe(1);
    } finally {
      await db.execute(sql.raw(readFileSync("drizzle/0010_session_credit_hold_last.sql", "utf8").replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")));
    }
  });

  it("a refused completion (balance lowered after opening) keeps the hold with the session", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 1);
    const s = await createSessionWith(a.secretKey);
    await setBalance(db, a.tenant.id, 0);
    expect((await uploadJson(s.client_token, pdfBytes())).status).toBe(402);
    expect(await heldSessions(db, a.tenant.id)).toBe(1);
  });
});

describe("concurrency", () => {
  it("parallel openings, completions and failures: never more live sessions than credits, and the bound ends exact", async () => {
    const a = await signup();
    const db = svc.get().db;
    await setBalance(db, a.tenant.id, 6);
    const first = (await Promise.all(Array.from({ length: 12 }, () => open(a.secretKey)))).filter((r) => r.status === 201);
    expect(first).toHaveLength(6);
    // Three complete and three fail while twelve more try to open.
    const outcomes = await Promise.all([
      ...first.slice(0, 3).map((r) => uploadJson(r.body.client_token, pdfBytes())),
      ...first.slice(3).map((r) => fail(r.body.client_token)),
      ...Array.from({ length: 12 }, () => open(a.secretKey)),
    ]);
    expect(outcomes.slice(0, 6).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const reopened = outcomes.slice(6).filter((r) => r.status === 201).length;
    expect(outcomes.slice(6).every((r) => r.status === 201 || r.status === 402)).toBe(true);
    // Balance 3 after three debits: at most 3 new sessions, however the openings fell between the releases.
    expect(await balanceOf(db, a.tenant.id)).toBe(3);
    expect(reopened).toBeLessThanOrEqual(3);
    expect(await liveSessions(db, a.tenant.id)).toBe(reopened);
    expect(await heldSessions(db, a.tenant.id)).toBe(reopened);
    // Whatever the interleaving, a balance of 3 now covers exactly 3 − reopened more.
    const last = await Promise.all(Array.from({ length: 6 }, () => open(a.secretKey)));
    expect(last.filter((r) => r.status === 201)).toHaveLength(3 - reopened);
    expect(await heldSessions(db, a.tenant.id)).toBe(3);
  });
});
