import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db";
import { tenants } from "../db/schema";
import { TENANT_ENDPOINT, type TenantEndpoint } from "../webhooks/enqueue-event";

/**
 * Gives back the credit a session held while it was live (docs/sessions.md "Credit rule"),
 * in the transaction that just completed or failed it before its TTL, and locks the tenant
 * row. Only those moves release: a session that expires keeps its hold in `held_sessions`
 * until the next opening that finds no credit free recounts (drizzle/0006), so the counter
 * never falls below the live sessions it stands for. Returns the balance and webhook settings
 * read under the lock, which the caller would otherwise read again.
 */
export async function releaseHold(tx: Tx, tenantId: string): Promise<{ credits: number; endpoint: TenantEndpoint } | null> {
  const [tenant] = await tx
    .update(tenants)
    .set({ heldSessions: sql`${tenants.heldSessions} - 1` })
    .where(eq(tenants.id, tenantId))
    .returning({ credits: tenants.credits, ...TENANT_ENDPOINT });
  if (!tenant) return null;
  const { credits, ...endpoint } = tenant;
  return { credits, endpoint };
}
