import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { scannerProfiles, tenants } from "../db/schema";
import { storedSettings } from "../scanner-settings";
import { lockDefaultProfileId, lockProfileForTenant, nameTakenBy, withUniqueName } from "./internal";
import { parseProfileInput, UpdateProfileInput } from "./schemas";
import { profileView, type ProfileView } from "./views";

/**
 * Renames a profile, patches its settings and/or makes it the default, all or nothing.
 * Tenant row first, then profile row: the same lock order as `deleteProfile`, so the two
 * cannot deadlock and a delete never removes a profile that just became the default.
 */
export async function updateProfile({ ctx, tenantId, profileId, body }: { ctx: Ctx; tenantId: string; profileId: string; body: unknown }): Promise<{ profile: ProfileView; default_profile_id: string | null }> {
  const { db, now } = ctx;
  return withUniqueName(() =>
    withTx(db, async (tx) => {
      let defaultId = await lockDefaultProfileId(tx, tenantId);
      const current = await lockProfileForTenant(tx, tenantId, profileId);
      const { input, settings } = await parseProfileInput(UpdateProfileInput, body, storedSettings(current.settings), nameTakenBy(tx, tenantId, profileId));
      const [row] = await tx
        .update(scannerProfiles)
        .set({ name: input.name ?? current.name, settings: settings ?? current.settings, updatedAt: now })
        .where(eq(scannerProfiles.id, profileId))
        .returning();
      if (input.make_default && defaultId !== profileId) {
        await tx.update(tenants).set({ defaultProfileId: profileId }).where(eq(tenants.id, tenantId));
        defaultId = profileId;
      }
      return { profile: profileView(row), default_profile_id: defaultId };
    }),
  );
}
