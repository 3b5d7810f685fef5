import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { users } from "../db/schema";
import { getAccount } from "./get-account";
import type { UpdateSettingsInput } from "./schemas";
import type { TenantView, UserView } from "./views";

/** Saves the user's console preferences (`theme_mode`) and answers like `GET /v1/auth/me`. */
export async function updateSettings({ ctx, who, input }: { ctx: Ctx; who: { userId: string; tenantId: string }; input: UpdateSettingsInput }): Promise<{ user: UserView; tenant: TenantView }> {
  await ctx.db
    .update(users)
    .set({ themeMode: input.theme_mode })
    .where(and(eq(users.id, who.userId), eq(users.tenantId, who.tenantId)));
  return getAccount({ ctx, who });
}
