import { index, integer, json, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const SESSION_STATUSES = ["created", "opened", "scanning", "completed", "delivered", "failed", "expired"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_CREATORS = ["publishable", "secret", "console"] as const;
export type SessionCreator = (typeof SESSION_CREATORS)[number];

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
  },
  (t) => [
    index("sessions_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("sessions_status_expires_idx").on(t.status, t.expiresAt),
  ],
);
