import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { tenants, users } from "../db/schema";
import { ApiError } from "../errors";
import { tenantView, userView, type TenantView, type UserView } from "./views";

/** The signed-in user and their tenant, with the live credit balance (`GET /v1/auth/me`). */
export async function getAccount({ ctx, who }: { ctx: Pick<Ctx, "db">; who: { userId: string; tenantId: string } }): Promise<{ user: UserView; tenant: TenantView }> {
  const [row] = await ctx.db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, who.userId), eq(users.tenantId, who.tenantId)))
    .limit(1);
  if (!row) throw new ApiError("unauthorized", { message: "Your console session has ended; log in again." });
  return { user: userView(row.user), tenant: tenantView(row.tenant) };
}
