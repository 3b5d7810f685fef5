import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { tenants } from "../db/schema";

/** The tenant's origin allowlist, in the order entries were added. */
export async function listDomains({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<string[]> {
  const { db } = ctx;
  const [row] = await db.select({ origins: tenants.allowedOrigins }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.origins ?? [];
}
