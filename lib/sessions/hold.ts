import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db";
import { tenants } from "../db/schema";
import { TENANT_ENDPOINT, type TenantEndpoint } from "../webhooks/enqueue-event";

/*
 * The credit a live session holds (docs/sessions.md "Credit rule") leaves `held_sessions`
 * in the transaction that completes or fails the session before its TTL, by one UPDATE that
 * also locks the tenant row: a completion spends it (`debitForSession`, lib/credits), a
 * failure releases it here. Only those moves release: a session that expires keeps its hold
 * until an opening that finds no credit free recounts (drizzle/0006), so the counter never
 * falls below the live sessions it stands for. Both read the webhook settings under the
 * lock, which the caller would otherwise read again.
 */

export interface LockedTenant {
  /** The balance after the statement. */
  credits: number;
  endpoint: TenantEndpoint;
}

/** A failure: the hold goes, no credit moves. */
export async function releaseHold(tx: Tx, tenantId: string): Promise<LockedTenant | null> {
  const [row] = await tx
    .update(tenants)
    .set({ heldSessions: sql`${tenants.heldSessions} - 1` })
    .where(eq(tenants.id, tenantId))
    .returning({ credits: tenants.credits, ...TENANT_ENDPOINT });
  if (!row) return null;
  const { credits, ...endpoint } = row;
  return { credits, endpoint };
}
