import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { apiKeys, consoleSessions, files, idempotencyKeys, redactionAudit, scannerProfiles, sessions, tenants, usageEvents, users, webhookDeliveries } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import type { ConsolePrincipal } from "./authenticate-console";
import type { DeleteAccountInput } from "./schemas";

/**
 * `DELETE /v1/dashboard/account`: closes the account in one transaction, once the owner has
 * typed their email. Every key is revoked (kept, so a later use is a plain 401), sessions,
 * their files, deliveries, redaction audit rows, usage events, profiles, users and console sessions are deleted;
 * the credit ledger stays as the record of what was bought and spent. The stored PDFs are
 * removed after the commit (a failure there leaves objects the orphan sweep removes).
 */
export async function deleteAccount({ ctx, who, input }: { ctx: Ctx; who: ConsolePrincipal; input: DeleteAccountInput }): Promise<{ status: "deleted" }> {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (!user) throw new ApiError("unauthorized");
  if (input.confirm.toLowerCase() !== user.email.trim().toLowerCase()) throw invalidRequest({ confirm: "must be your account's email address" });
  const t = who.tenantId;
  const storageKeys = await withTx(ctx.db, async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, t)).for("update");
    await tx.update(apiKeys).set({ revokedAt: ctx.now }).where(and(eq(apiKeys.tenantId, t), isNull(apiKeys.revokedAt)));
    const removed = await tx.delete(files).where(eq(files.tenantId, t)).returning({ key: files.storageKey });
    await tx.delete(usageEvents).where(eq(usageEvents.tenantId, t));
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.tenantId, t));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.tenantId, t));
    await tx.delete(redactionAudit).where(eq(redactionAudit.tenantId, t));
    await tx.delete(sessions).where(eq(sessions.tenantId, t));
    await tx.update(tenants).set({ defaultProfileId: null, webhookUrl: null, allowedOrigins: [], name: "Deleted account" }).where(eq(tenants.id, t));
    await tx.delete(scannerProfiles).where(eq(scannerProfiles.tenantId, t));
    await tx.delete(consoleSessions).where(eq(consoleSessions.tenantId, t));
    await tx.delete(users).where(eq(users.tenantId, t));
    return removed.map((r) => r.key);
  });
  ctx.defer(() => Promise.allSettled(storageKeys.map((key) => ctx.storage.delete(key))));
  return { status: "deleted" };
}
