import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { PageReport } from "../../../scanner/contract";
import { ts } from "./columns";
import { sessions } from "./sessions";
import { tenants } from "./tenants";

export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    sessionId: text("session_id").notNull().references(() => sessions.id),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    pageCount: integer("page_count").notNull(),
    /** The scanner's per-page quality report (`result.pages`); null when it sent none. */
    pageReports: jsonb("page_reports").$type<PageReport[]>(),
    createdAt: ts("created_at").notNull(),
    /** End of retention (FILE_RETENTION_SECONDS); enforced at read time and by the sweep. */
    retainUntil: ts("retain_until").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [uniqueIndex("files_session_key").on(t.sessionId), index("files_retain_idx").on(t.retainUntil)],
);
