import { eq, sql, type WithSubquery } from "drizzle-orm";
import type { Tx } from "../db";
import { creditLedger, tenants } from "../db/schema";
import { newId } from "../ids";

export interface LedgerEntryInput {
  tenantId: string;
  delta: number;
  reason: "signup_grant" | "topup" | "session" | "adjustment";
  sessionId?: string;
  note?: string;
  now: Date;
}

/**
 * Appends one ledger row and moves the tenant's balance by `delta`, inside the caller's
 * transaction. The tenant row is locked first (`for update`), so concurrent appends for
 * one tenant queue up: each sees the previous balance and seq, `balance_after` forms an
 * unbroken chain and the balance always equals the sum of deltas.
 */
export async function appendLedgerEntry(tx: Tx, e: LedgerEntryInput): Promise<{ id: string; balanceAfter: number }> {
  const [tenant] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, e.tenantId)).for("update");
  if (!tenant) throw new Error(`appendLedgerEntry: no tenant ${e.tenantId}`);
  const entry = await insertLedgerRow(tx, e, tenant.credits + e.delta);
  await tx.update(tenants).set({ credits: entry.balanceAfter }).where(eq(tenants.id, e.tenantId));
  return entry;
}

/**
 * Writes the ledger row of an entry whose balance moves to `balanceAfter`: the one insert
 * into the ledger, for appends and session debits alike. The caller's transaction already
 * holds the tenant row lock, taken by an earlier statement: `seq` is read in this insert,
 * which starts after the lock was granted, so it sees every earlier append. `alongside`: the
 * caller's own inserts, sent as CTEs of this statement to save their round trips.
 */
export async function insertLedgerRow(tx: Tx, e: LedgerEntryInput, balanceAfter: number, alongside: WithSubquery[] = []): Promise<{ id: string; balanceAfter: number }> {
  const id = newId("ledger");
  await tx.with(...alongside).insert(creditLedger).values({
    id,
    tenantId: e.tenantId,
    seq: sql`(select coalesce(max(${creditLedger.seq}), 0) + 1 from ${creditLedger} where ${creditLedger.tenantId} = ${e.tenantId})`,
    delta: e.delta,
    balanceAfter,
    reason: e.reason,
    sessionId: e.sessionId ?? null,
    note: e.note ?? null,
    createdAt: e.now,
  });
  return { id, balanceAfter };
}
