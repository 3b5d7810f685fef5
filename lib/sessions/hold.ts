import { and, eq, gte, sql } from "drizzle-orm";
import type { Tx } from "../db";
import { columnsOf, txStatement } from "../db/tx-statement";
import { tenants } from "../db/schema";
import { TENANT_ENDPOINT, type TenantEndpoint } from "../webhooks/enqueue-event";

/*
 * The credit a live session holds (docs/sessions.md "Credit rule") leaves `held_sessions`
 * in the transaction that completes or fails the session before its TTL, by one UPDATE that
 * also locks the tenant row. Only those moves release: a session that expires keeps its hold
 * until an opening that finds no credit free recounts (drizzle/0006), so the counter never
 * falls below the live sessions it stands for. Both return the webhook settings read under
 * the lock, which the caller would otherwise read again.
 */

export interface LockedTenant {
  /** The balance after the statement. */
  credits: number;
  endpoint: TenantEndpoint;
}

/** A failure: the hold goes, no credit moves. */
export async function releaseHold(tx: Tx, tenantId: string): Promise<LockedTenant | null> {
  return lockedTenant(await tx.update(tenants).set({ heldSessions: sql`${tenants.heldSessions} - 1` }).where(eq(tenants.id, tenantId)).returning(RETURNED));
}

/**
 * A completion: the held credit is spent, debited from the balance with the hold released,
 * if the balance is at least 1 (it never goes below zero). Null when it is not;
 * the caller refuses, and rolling back keeps the hold with the session.
 */
export async function spendHold(tx: Tx, tenantId: string): Promise<LockedTenant | null> {
  const [row] = await spend(tx, { tenantId });
  return lockedTenant(row ? [columnsOf(row, RETURNED)] : []);
}

const RETURNED = { credits: tenants.credits, ...TENANT_ENDPOINT };

// On every upload's path: built once (lib/db/tx-statement.ts).
const spend = txStatement((tx) =>
  tx
    .update(tenants)
    .set({ credits: sql`${tenants.credits} - 1`, heldSessions: sql`${tenants.heldSessions} - 1` })
    .where(and(eq(tenants.id, sql.placeholder("tenantId")), gte(tenants.credits, 1)))
    .returning(RETURNED),
);

function lockedTenant([row]: ({ credits: number } & TenantEndpoint)[]): LockedTenant | null {
  if (!row) return null;
  const { credits, ...endpoint } = row;
  return { credits, endpoint };
}
