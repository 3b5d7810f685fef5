import { and, eq, gte, sql, type InferColumnsDataTypes, type WithSubquery } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db";
import { tenants } from "../db/schema";
import { insertLedgerRow } from "./append-ledger";

type TenantColumns = Record<string, PgColumn>;

/**
 * Spends the credit a completing session holds (docs/sessions.md "Credit rule"): one
 * UPDATE locks the tenant row, debits 1 if the balance is at least 1 (it never goes below
 * zero) and releases the session's hold; then the `session` ledger row is written with the
 * balance that UPDATE left. Null, with nothing written, when the balance does not cover it:
 * the caller refuses, and rolling back keeps the hold with the session.
 *
 * Options save the completion round trips on every upload's path: `read` names more tenant
 * columns to read under the same lock (its webhook settings), and `alongside` its own inserts
 * (file row, usage event), sent as CTEs of the ledger row's insert. Neither is written when
 * the debit is refused.
 */
export async function debitForSession<C extends TenantColumns = Record<never, PgColumn>>(
  tx: Tx,
  debit: { tenantId: string; sessionId: string; now: Date },
  { read = {} as C, alongside = [] }: { read?: C; alongside?: WithSubquery[] } = {},
): Promise<({ balanceAfter: number } & InferColumnsDataTypes<C>) | null> {
  // drizzle cannot resolve the row type of a generic column set; this is what it returns.
  const [row] = (await tx
    .update(tenants)
    .set({ credits: sql`${tenants.credits} - 1`, heldSessions: sql`${tenants.heldSessions} - 1` })
    .where(and(eq(tenants.id, debit.tenantId), gte(tenants.credits, 1)))
    .returning({ ...read, balanceAfter: tenants.credits })) as unknown as ({ balanceAfter: number } & InferColumnsDataTypes<C>)[];
  if (!row) return null;
  await insertLedgerRow(tx, { ...debit, delta: -1, reason: "session" }, row.balanceAfter, alongside);
  return row;
}
