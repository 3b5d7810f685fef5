import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    name: text("name"),
    kind: text("kind", { enum: ["publishable", "secret"] }).notNull(),
    mode: text("mode", { enum: ["test", "live"] }).notNull(),
    /** SHA-256 of the full key value; the only form a secret key is kept in. */
    keyHash: text("key_hash").notNull(),
    /** What the console shows: the full value of a publishable key, a masked secret key. */
    display: text("display").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash), index("api_keys_tenant_idx").on(t.tenantId, t.createdAt)],
);
