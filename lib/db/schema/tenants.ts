import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

export const tenants = pgTable("tenants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan").notNull().default("free"),
  /** Live balance; every change appends a credit_ledger row in the same transaction. */
  credits: integer("credits").notNull().default(0),
  /**
   * Credits held by live sessions, as an upper bound: +1 when a session opens, −1 when one
   * completes or fails before its TTL; a session that expires keeps its hold until the next
   * recount (drizzle/0006 `session_credit_reserve`), which sets the exact figure.
   */
  heldSessions: integer("held_sessions").notNull().default(0),
  allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull().default([]),
  defaultProfileId: text("default_profile_id"),
  webhookUrl: text("webhook_url"),
  webhookEvents: jsonb("webhook_events").$type<string[]>().notNull().default(["scan.completed"]),
  webhookSecret: text("webhook_secret").notNull(),
  /** When the owner was last shown the full secret (rotation); null: nobody has seen the current one. */
  webhookSecretShownAt: ts("webhook_secret_shown_at"),
  /** The console warns when the balance is at or below this; null: the default (lib/credits). */
  lowBalanceThreshold: integer("low_balance_threshold"),
  /** How long documents are kept, at most the operator's FILE_RETENTION_SECONDS; null: that ceiling. */
  documentRetentionSeconds: integer("document_retention_seconds"),
  /** Finished sessions are redacted this many days after they finished; null: never (the default). */
  redactAfterDays: integer("redact_after_days"),
  createdAt: ts("created_at").notNull(),
});
