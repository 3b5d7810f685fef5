import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { sessions } from "./sessions";
import { tenants } from "./tenants";

/** One row per produced document, written by the completion transaction (analytics source). */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    sessionId: text("session_id").notNull().references(() => sessions.id),
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    pages: integer("pages").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("usage_events_session_key").on(t.sessionId), index("usage_events_tenant_created_idx").on(t.tenantId, t.createdAt)],
);
