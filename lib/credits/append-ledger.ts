import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
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
  const row = ledgerRow(e, tenant.credits + e.delta);
  await tx.insert(creditLedger).values(row);
  await tx.update(tenants).set({ credits: row.balanceAfter }).where(eq(tenants.id, e.tenantId));
  return { id: row.id, balanceAfter: row.balanceAfter };
}

/** The ledger row for an entry whose balance has moved to `balanceAfter`. */
function ledgerRow(e: LedgerEntryInput, balanceAfter: number) {
  return {
    id: newId("ledger"),
    tenantId: e.tenantId,
    seq: nextLedgerSeq(e.tenantId),
    delta: e.delta,
    balanceAfter,
    reason: e.reason,
    sessionId: e.sessionId ?? null,
    note: e.note ?? null,
    createdAt: e.now,
  };
}

/**
 * A ledger row's `seq`, read in the insert that writes the row, for a statement run while the
 * transaction holds the tenant row lock: the statement starts after the lock was granted, so it
 * sees every earlier append. (The completion moves the balance itself, in the statement that
 * takes the lock, and writes its row with a placeholder for the tenant.)
 */
export function nextLedgerSeq(tenantId: string | Placeholder<string>): SQL {
  return sql`(select coalesce(max(${creditLedger.seq}), 0) + 1 from ${creditLedger} where ${creditLedger.tenantId} = ${tenantId})`;
}
