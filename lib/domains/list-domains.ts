import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { tenants } from "../db/schema";

/** The tenant's origin allowlist, in the order entries were added. */
export async function listDomains({ db, tenantId }: { db: Db; tenantId: string }): Promise<string[]> {
  const [row] = await db.select({ origins: tenants.allowedOrigins }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.origins ?? [];
}
