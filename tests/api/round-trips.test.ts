/**
 * The round-trip budget of the three hot requests, counted (never timed) on whichever
 * backend the run uses (tests/support/round-trips.ts says what one round trip is):
 * - `GET /v1/sessions/:id/status`: 1 statement;
 * - `POST /v1/sessions`: at most 3 round trips, the rate-limit call included, and no
 *   transaction (key lookup with its tenant, one rate-limit call, one insert); one more when
 *   the tenant's held-sessions bound leaves no credit free (the exact rule's recount);
 * - upload completion (`POST /v1/scanner/upload`, `POST /v1/scanner/complete`): exactly one
 *   transaction, after the one read of the session that checks the token before any bytes
 *   are stored or copied.
 * Each figure is taken on a key used a moment before, as a busy key is: `last_used_at` is
 * refreshed at most once a minute, and that refresh is counted in its own test.
 */
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advanceClock } from "@/lib/clock";
import { schema } from "@/lib/db";
import { callJson } from "../support/app";
import { addDomain, signup } from "../support/factories";
import { roundTripCounter, type RoundTrips } from "../support/round-trips";
import { useServices } from "../support/services";
import { createSessionWith, openScanner, pdfBytes, putBlob, uploadJson } from "../support/sessions";

const svc = useServices();
let counter: ReturnType<typeof roundTripCounter> | undefined;
const measure = async <T>(fn: () => Promise<T>) => {
  const measured = await (counter ??= roundTripCounter(svc.get())).measure(fn);
  if (process.env.ROUND_TRIPS_LOG) console.log(`round trips: ${expect.getState().currentTestName}: ${JSON.stringify(measured.trips)}`);
  return measured;
};

/** The figures as one line, so a failure shows what was sent. */
const shown = (t: RoundTrips) => JSON.stringify(t);

describe("round trips per hot request", () => {
  it("GET /v1/sessions/:id/status: one statement", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const { result, trips } = await measure(() => callJson("GET", `/v1/sessions/${s.id}/status?t=${encodeURIComponent(s.client_token)}`));
    expect(result.status).toBe(200);
    expect(trips.statements, shown(trips)).toBe(1);
    expect(trips.transactions + trips.rateLimit, shown(trips)).toBe(0);
  });

  it("POST /v1/sessions with a secret key: at most 3 round trips with the rate limit, no transaction", async () => {
    const a = await signup();
    await createSessionWith(a.secretKey);
    const { result, trips } = await measure(() => callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { metadata: { order: 1 } } }));
    expect(result.status).toBe(201);
    expect(trips.rateLimit, shown(trips)).toBe(1);
    expect(trips.statements + trips.rateLimit, shown(trips)).toBeLessThanOrEqual(3);
    expect(trips.transactions, shown(trips)).toBe(0);
  });

  it("POST /v1/sessions with a publishable key from an allowed origin, with a scanner override: the same budget", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const create = () =>
      callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://shop.example.com" }, json: { scanner: { options: { maxPages: 3 } } } });
    expect((await create()).status).toBe(201);
    const { result, trips } = await measure(create);
    expect(result.status).toBe(201);
    expect(trips.statements + trips.rateLimit, shown(trips)).toBeLessThanOrEqual(3);
    expect(trips.transactions, shown(trips)).toBe(0);
  });

  it("an opening the held-sessions bound refuses adds one statement, the exact rule's recount; the refused first statement left nothing", async () => {
    const a = await signup();
    await createSessionWith(a.secretKey);
    const { db } = svc.get();
    // The bound says every credit is held; the truth is one open session.
    await db.update(schema.tenants).set({ heldSessions: sql`${schema.tenants.credits}` }).where(eq(schema.tenants.id, a.tenant.id));
    const sessionsOf = async () => (await db.select({ n: count() }).from(schema.sessions).where(eq(schema.sessions.tenantId, a.tenant.id)))[0].n;
    const { result, trips } = await measure(() => callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} }));
    expect(result.status).toBe(201);
    expect(trips.statements + trips.rateLimit, shown(trips)).toBe(4);
    expect(trips.transactions, shown(trips)).toBe(0);
    expect(await sessionsOf()).toBe(2);
    const [tenant] = await db.select({ held: schema.tenants.heldSessions }).from(schema.tenants).where(eq(schema.tenants.id, a.tenant.id));
    expect(tenant.held).toBe(2); // recounted: the open one and the new one
  });

  it("a key's first use in a minute adds one deferred statement (last_used_at), after the response", async () => {
    const a = await signup();
    await createSessionWith(a.secretKey);
    const warm = await measure(() => createSessionWith(a.secretKey));
    advanceClock(61_000);
    try {
      const stale = await measure(() => createSessionWith(a.secretKey));
      expect(stale.trips.statements, shown(stale.trips)).toBe(warm.trips.statements + 1);
    } finally {
      advanceClock(-61_000);
    }
  });

  it("POST /v1/scanner/upload: the token's session read, then one transaction", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const { result, trips } = await measure(() => uploadJson(s.client_token, pdfBytes(2048), { pages: 2 }));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(trips.transactions, shown(trips)).toBe(1);
    expect(trips.statements, shown(trips)).toBeLessThanOrEqual(UPLOAD_STATEMENTS);
    expect(trips.rateLimit).toBe(0);
  });

  it("POST /v1/scanner/complete (two-step upload): the token's session read, then one transaction", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const config = await openScanner(s.client_token);
    expect((await putBlob(config.upload.url as string, pdfBytes(2048))).status).toBe(204);
    const { result, trips } = await measure(() => callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token, pages: 2 } }));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(trips.transactions, shown(trips)).toBe(1);
    expect(trips.statements, shown(trips)).toBeLessThanOrEqual(UPLOAD_STATEMENTS);
  });
});

/**
 * The session read, then BEGIN, claim, the tenant's debit (which takes the row lock and
 * releases the session's credit hold), one insert of the ledger row, usage event and file
 * row, COMMIT (a webhook endpoint adds the delivery row).
 */
const UPLOAD_STATEMENTS = 6;
