import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { tenants, users } from "../db/schema";
import { ApiError } from "../errors";
import { startCheckedConsoleSession } from "./console-session";
import { verifyPassword } from "./password";
import { throttleAuth } from "./throttle";
import type { LoginInput } from "./schemas";
import { tenantView, userView, type TenantView, type UserView } from "./views";

/**
 * Checks an email and password and starts a console session. An unknown email and a
 * wrong password give the same `401 invalid_credentials` after the same bcrypt work (an
 * unknown email is compared against a dummy hash), so neither the answer nor its timing
 * tells whether an account exists. Throttled first (throttle.ts), so refused attempts cost
 * no password hashing.
 */
export async function login({ ctx, input, clientAddress }: { ctx: Ctx; input: LoginInput; clientAddress: string | null }): Promise<{ user: UserView; tenant: TenantView; sessionToken: string }> {
  const { db, now } = ctx;
  await throttleAuth(ctx.rateLimiter, { action: "login", email: input.email, ip: clientAddress }, now.getTime());
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  const ok = await verifyPassword(input.password, row?.user.passwordHash);
  if (!row || !ok) throw new ApiError("invalid_credentials");
  const sessionToken = await startCheckedConsoleSession(db, { userId: row.user.id, tenantId: row.tenant.id, now, passwordHash: row.user.passwordHash });
  if (!sessionToken) throw new ApiError("invalid_credentials");
  return { user: userView(row.user), tenant: tenantView(row.tenant), sessionToken };
}
