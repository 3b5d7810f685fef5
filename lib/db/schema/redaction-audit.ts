import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import type { RedactionActor } from "./sessions";
import { tenants } from "./tenants";

export const REDACTION_OUTCOMES = ["redacted", "storage_failed"] as const;

/**
 * Who redacted which session and when, and redactions a storage failure held up (retried by
 * the cron). Append-only, and never holds the redacted data: only ids, the outcome, and for a
 * failure the error's name. No foreign key to sessions, like the ledger.
 */
export const redactionAudit = pgTable(
  "redaction_audit",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    sessionId: text("session_id").notNull(),
    actor: jsonb("actor").$type<RedactionActor>().notNull(),
    outcome: text("outcome", { enum: REDACTION_OUTCOMES }).notNull(),
    /** For `storage_failed`: the error's name (never its message, which may carry a key). */
    detail: text("detail"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("redaction_audit_session_idx").on(t.sessionId, t.createdAt)],
);
