/**
 * lib/credits' session debit (`debitForSession`), the completion's half of the ledger, on
 * whichever backend the run uses: one credit and the hold leave the tenant, and the ledger
 * row (with the caller's rows alongside) is written only when the balance covers it.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { now } from "@/lib/clock";
import { debitForSession } from "@/lib/credits";
import { withTx, type Tx } from "@/lib/db";
import { creditLedger, tenants, usageEvents } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { seedSession, seedTenant } from "../support/webhook-fixtures";
import { useServices } from "../support/services";

const svc = useServices();

const tenantRow = async (tenantId: string) => (await svc.get().db.select().from(tenants).where(eq(tenants.id, tenantId)))[0];
const ledgerOf = (tenantId: string) => svc.get().db.select().from(creditLedger).where(eq(creditLedger.tenantId, tenantId)).orderBy(asc(creditLedger.seq));
const usageOf = (tenantId: string, sessionId: string) => svc.get().db.select().from(usageEvents).where(and(eq(usageEvents.tenantId, tenantId), eq(usageEvents.sessionId, sessionId)));

/** A usage event insert for `alongside`, standing in for the completion's own rows. */
const usageRow = (tx: Tx, tenantId: string, sessionId: string) =>
  tx.$with("usage").as(tx.insert(usageEvents).values({ id: newId("usage"), tenantId, sessionId, mode: "test", pages: 1, bytes: 10, createdAt: now() }).returning({ id: usageEvents.id }));

const debit = (tenantId: string, sessionId: string) =>
  withTx(svc.get().db, (tx) => debitForSession(tx, { tenantId, sessionId, now: now() }, { read: { url: tenants.webhookUrl }, alongside: [usageRow(tx, tenantId, sessionId)] }));

describe("happy", () => {
  it("spends the held credit, writes the session's ledger row with the balance left and the rows alongside, and reads the asked columns", async () => {
    const { tenantId } = await seedTenant(svc.get().db, { url: "https://example.com/hook" });
    const sessionId = await seedSession(svc.get().db, tenantId, { status: "scanning" });
    expect(await debit(tenantId, sessionId)).toEqual({ balanceAfter: 249, url: "https://example.com/hook" });
    expect(await tenantRow(tenantId)).toMatchObject({ credits: 249, heldSessions: 0 });
    expect(await ledgerOf(tenantId)).toEqual([expect.objectContaining({ seq: 1, delta: -1, balanceAfter: 249, reason: "session", sessionId })]);
    expect(await usageOf(tenantId, sessionId)).toHaveLength(1);
  });

  it("parallel debits of one tenant leave an unbroken seq and balance_after chain", async () => {
    const { tenantId } = await seedTenant(svc.get().db);
    const sessionIds = await Promise.all(Array.from({ length: 12 }, () => seedSession(svc.get().db, tenantId, { status: "scanning" })));
    await Promise.all(sessionIds.map((id) => debit(tenantId, id)));
    const ledger = await ledgerOf(tenantId);
    expect(ledger.map((e) => [e.seq, e.balanceAfter])).toEqual(sessionIds.map((_, i) => [i + 1, 249 - i]));
    expect(new Set(ledger.map((e) => e.sessionId))).toEqual(new Set(sessionIds));
    expect(await tenantRow(tenantId)).toMatchObject({ credits: 238, heldSessions: 0 });
  });
});

describe("errors", () => {
  it("refuses at a zero balance: null, no ledger row, nothing alongside, the hold kept", async () => {
    const { tenantId } = await seedTenant(svc.get().db);
    const sessionId = await seedSession(svc.get().db, tenantId, { status: "scanning" });
    await svc.get().db.update(tenants).set({ credits: 0 }).where(eq(tenants.id, tenantId));
    expect(await debit(tenantId, sessionId)).toBeNull();
    expect(await tenantRow(tenantId)).toMatchObject({ credits: 0, heldSessions: 1 });
    expect(await ledgerOf(tenantId)).toEqual([]);
    expect(await usageOf(tenantId, sessionId)).toEqual([]);
  });
});
