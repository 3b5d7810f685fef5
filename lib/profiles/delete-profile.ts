import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { scannerProfiles } from "../db/schema";
import { ApiError } from "../errors";
import { lockDefaultProfileId, lockProfileForTenant } from "./internal";

/**
 * Deletes a profile that is not the tenant's default (`409 default_profile` otherwise).
 * Sessions keep their own settings snapshot, so nothing else changes.
 */
export async function deleteProfile({ ctx, tenantId, profileId }: { ctx: Ctx; tenantId: string; profileId: string }): Promise<{ id: string; deleted: true }> {
  return withTx(ctx.db, async (tx) => {
    const defaultId = await lockDefaultProfileId(tx, tenantId);
    await lockProfileForTenant(tx, tenantId, profileId);
    if (defaultId === profileId) throw new ApiError("default_profile");
    await tx.delete(scannerProfiles).where(eq(scannerProfiles.id, profileId));
    return { id: profileId, deleted: true };
  });
}
