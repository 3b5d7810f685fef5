import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { scannerProfiles } from "../db/schema";
import { ApiError } from "../errors";
import { applyScannerPatch, storedSettings, type ScannerSettings } from "../scanner-settings";
import { lockDefaultProfileId, lockProfileForTenant } from "./internal";

/**
 * `PUT /v1/dashboard/scanner`: deep-merges a partial settings object over the default
 * profile's saved settings. The profile row stays locked from read to write, so two
 * concurrent patches both land; any invalid field saves nothing.
 */
export async function updateDefaultSettings({ ctx, tenantId, patch }: { ctx: Ctx; tenantId: string; patch: unknown }): Promise<{ scanner: ScannerSettings }> {
  const { db, now } = ctx;
  return withTx(db, async (tx) => {
    const defaultId = await lockDefaultProfileId(tx, tenantId);
    if (!defaultId) throw new ApiError("not_found", { message: "This account has no default scanner profile." });
    const current = await lockProfileForTenant(tx, tenantId, defaultId);
    const scanner = applyScannerPatch(storedSettings(current.settings), patch, "invalid_request", "body");
    await tx.update(scannerProfiles).set({ settings: scanner, updatedAt: now }).where(eq(scannerProfiles.id, defaultId));
    return { scanner };
  });
}
