import { index, integer, json, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const SESSION_STATUSES = ["created", "opened", "scanning", "completed", "delivered", "failed", "expired"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_CREATORS = ["publishable", "secret", "console"] as const;
export type SessionCreator = (typeof SESSION_CREATORS)[number];

export const REDACTION_ACTOR_KINDS = ["api_key", "console_user", "retention_policy"] as const;
/** Who redacted: a secret key's id, a console user's id, or the account's retention policy (no id). */
export interface RedactionActor {
  kind: (typeof REDACTION_ACTOR_KINDS)[number];
  id: string | null;
}

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    /** Stored status; reads apply expiry on top of it (lib/sessions), so answers never lag the clock. */
    status: text("status", { enum: SESSION_STATUSES }).notNull().default("created"),
    /** `json`, not `jsonb`: the integrator's metadata comes back as sent, key order included. */
    metadata: json("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Resolved scanner settings at creation; later profile edits do not change it. */
    scanner: jsonb("scanner").$type<Record<string, unknown>>().notNull(),
    profileId: text("profile_id"),
    allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull(),
    callbackUrl: text("callback_url"),
    /** Which credential opened it: metadata of `publishable` sessions is caller-controlled input. Null for rows older than the column. */
    createdWith: text("created_with", { enum: SESSION_CREATORS }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    openedAt: ts("opened_at"),
    scanningAt: ts("scanning_at"),
    /** Set once, by the conditional update that makes upload/complete single-use. */
    tokenUsedAt: ts("token_used_at"),
    completedAt: ts("completed_at"),
    failedAt: ts("failed_at"),
    failReason: text("fail_reason"),
    pageCount: integer("page_count"),
    /**
     * A redaction was asked for (lib/redaction): set first, before any object is deleted, so
     * a redaction cut short by a storage failure is finished by the cron; who asked is kept
     * for its audit row.
     */
    redactionRequestedAt: ts("redaction_requested_at"),
    redactionActor: jsonb("redaction_actor").$type<RedactionActor>(),
    /** A redaction run's claim: others (the cron, another instance) skip the row until it runs out. */
    redactionLeaseUntil: ts("redaction_lease_until"),
    /** Set in the transaction that cleared the metadata, page text and delivery payloads. */
    redactedAt: ts("redacted_at"),
  },
  (t) => [
    index("sessions_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("sessions_status_expires_idx").on(t.status, t.expiresAt),
  ],
);
