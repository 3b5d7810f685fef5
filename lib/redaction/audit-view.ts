import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db";
import { apiKeys, redactionAudit, users } from "../db/schema";

export interface RedactionAuditView {
  at: string;
  outcome: "redacted" | "storage_failed";
  actor: { kind: "api_key" | "console_user" | "retention_policy"; id: string | null; label: string | null };
}

/**
 * The session's audit trail for the console, oldest first: who (a key by its name or masked
 * value, a console user by email, or the retention policy) and what happened. Only ids are
 * stored; the labels are read now, so a deleted user or key shows its id alone.
 */
export async function readRedactionAudit(db: Db, tenantId: string, sessionId: string): Promise<RedactionAuditView[]> {
  const rows = await db
    .select({ at: redactionAudit.createdAt, outcome: redactionAudit.outcome, actor: redactionAudit.actor })
    .from(redactionAudit)
    .where(and(eq(redactionAudit.tenantId, tenantId), eq(redactionAudit.sessionId, sessionId)))
    .orderBy(asc(redactionAudit.createdAt), asc(redactionAudit.id))
    .limit(50);
  const views: RedactionAuditView[] = [];
  for (const row of rows) views.push({ at: row.at.toISOString(), outcome: row.outcome, actor: { ...row.actor, label: await labelOf(db, tenantId, row.actor) } });
  return views;
}

async function labelOf(db: Db, tenantId: string, actor: { kind: string; id: string | null }): Promise<string | null> {
  if (!actor.id) return null;
  if (actor.kind === "console_user") {
    const [user] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, actor.id), eq(users.tenantId, tenantId)));
    return user?.email ?? null;
  }
  const [key] = await db.select({ name: apiKeys.name, display: apiKeys.display }).from(apiKeys).where(and(eq(apiKeys.id, actor.id), eq(apiKeys.tenantId, tenantId)));
  return key ? (key.name ?? key.display) : null;
}
