import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../context";
import { apiKeys } from "../db/schema";
import { ApiError } from "../errors";
import { keyView, type KeyView } from "./views";

/**
 * Revokes a key; idempotent. The conditional update sets `revoked_at` only once, so a
 * second revoke (or a concurrent one) answers with the original time. Another tenant's
 * key is `404 not_found`, exactly like an unknown id.
 */
export async function revokeKey({ ctx, tenantId, keyId }: { ctx: Ctx; tenantId: string; keyId: string }): Promise<KeyView> {
  const { db, now } = ctx;
  const mine = and(eq(apiKeys.id, keyId), eq(apiKeys.tenantId, tenantId));
  const [updated] = await db.update(apiKeys).set({ revokedAt: now }).where(and(mine, isNull(apiKeys.revokedAt))).returning();
  if (updated) return keyView(updated);
  const [existing] = await db.select().from(apiKeys).where(mine).limit(1);
  if (!existing) throw new ApiError("not_found", { message: "No such API key." });
  return keyView(existing);
}
