import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { apiKeys } from "../db/schema";
import { keyView, type KeyView } from "./views";

/** The tenant's keys, newest first, revoked ones included (they stay listed with `revoked_at`). */
export async function listKeys({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<KeyView[]> {
  const { db } = ctx;
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(keyView);
}
