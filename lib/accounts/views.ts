import type { InferSelectModel } from "drizzle-orm";
import type { tenants, users } from "../db/schema";

type TenantRow = InferSelectModel<typeof tenants>;
type UserRow = InferSelectModel<typeof users>;

export interface UserView {
  id: string;
  email: string;
  name: string | null;
  theme_mode: string;
}

export interface TenantView {
  id: string;
  name: string;
  plan: string;
  credits: number;
  allowed_origins: string[];
}

/** A user as the console sees it: never the password hash. */
export function userView(u: Pick<UserRow, "id" | "email" | "name" | "themeMode">): UserView {
  return { id: u.id, email: u.email, name: u.name, theme_mode: u.themeMode };
}

/** A tenant as the console sees it: never the webhook secret. */
export function tenantView(t: Pick<TenantRow, "id" | "name" | "plan" | "credits" | "allowedOrigins">): TenantView {
  return { id: t.id, name: t.name, plan: t.plan, credits: t.credits, allowed_origins: t.allowedOrigins };
}
