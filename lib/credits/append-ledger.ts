import { eq, sql } from "drizzle-orm";
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
 * unbroken chain and the balance always equals the sum of deltas. The balance may go
 * below zero (a completion debits a document that already exists).
 */
export async function appendLedgerEntry(tx: Tx, e: LedgerEntryInput): Promise<{ id: string; balanceAfter: number }> {
  const [tenant] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, e.tenantId)).for("update");
  if (!tenant) throw new Error(`appendLedgerEntry: no tenant ${e.tenantId}`);
  return appendLockedLedgerEntry(tx, e, tenant.credits);
}

/**
 * `appendLedgerEntry` for a caller that already holds the tenant row lock in `tx` and read
 * `credits` under it (the completion locks the row once for its balance check, its debit and
 * its webhook settings). The next `seq` is read in the insert itself: its statement starts
 * after the lock was granted, so it sees every earlier append.
 */
export async function appendLockedLedgerEntry(tx: Tx, e: LedgerEntryInput, credits: number): Promise<{ id: string; balanceAfter: number }> {
  const id = newId("ledger");
  const balanceAfter = credits + e.delta;
  await tx.insert(creditLedger).values({
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
  await tx.update(tenants).set({ credits: balanceAfter }).where(eq(tenants.id, e.tenantId));
  return { id, balanceAfter };
}
