import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const LEDGER_REASONS = ["signup_grant", "topup", "session", "adjustment"] as const;

/** Append-only: rows are never updated or deleted; the sum of deltas is the balance. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    /** Orders entries written in the same millisecond; the balance chain follows it. */
    seq: integer("seq").notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** No foreign key: the ledger outlives the sessions it names (an account's deletion removes them, keeps this record). */
    sessionId: text("session_id"),
    note: text("note"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("credit_ledger_tenant_seq_key").on(t.tenantId, t.seq),
    // One debit per scanned document, whatever races the application code loses.
    uniqueIndex("credit_ledger_session_debit_key").on(t.sessionId).where(sql`${t.reason} = 'session'`),
    index("credit_ledger_tenant_created_idx").on(t.tenantId, t.createdAt),
    check("credit_ledger_session_has_id", sql`${t.reason} <> 'session' or ${t.sessionId} is not null`),
    check("credit_ledger_adjustment_has_note", sql`${t.reason} <> 'adjustment' or ${t.note} is not null`),
  ],
);
