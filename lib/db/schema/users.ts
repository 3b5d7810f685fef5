import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    themeMode: text("theme_mode").notNull().default("auto"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    // Emails compare case-insensitively: the index, not a read-then-insert, decides who wins a race.
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_tenant_idx").on(t.tenantId),
  ],
);

export const consoleSessions = pgTable(
  "console_sessions",
  {
    /** SHA-256 of the cookie value: a database leak does not yield live cookies. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("console_sessions_user_idx").on(t.userId)],
);
