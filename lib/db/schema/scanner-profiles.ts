import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const scannerProfiles = pgTable(
  "scanner_profiles",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    /** A complete, validated scanner settings object (lib/scanner-settings). */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("scanner_profiles_tenant_name_key").on(t.tenantId, t.name)],
);
