import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { scannerProfiles, tenants } from "../db/schema";
import { PLATFORM_DEFAULTS, type ScannerSettings } from "../scanner-settings";
import { profileView, type ProfileView } from "./views";

export interface ScannerOverview {
  version: 1;
  default_profile_id: string | null;
  profiles: ProfileView[];
  /** The default profile's settings (the single-profile view older consoles read). */
  scanner: ScannerSettings;
  defaults: ScannerSettings;
}

/** Everything the console's scanner page shows: profiles, which is default, and the platform defaults. */
export async function getScannerOverview({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<ScannerOverview> {
  const { db } = ctx;
  const [tenant] = await db.select({ defaultProfileId: tenants.defaultProfileId }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const rows = await db.select().from(scannerProfiles).where(eq(scannerProfiles.tenantId, tenantId)).orderBy(asc(scannerProfiles.createdAt), asc(scannerProfiles.id));
  const profiles = rows.map(profileView);
  const defaultId = tenant?.defaultProfileId ?? null;
  const scanner = profiles.find((p) => p.id === defaultId)?.scanner ?? PLATFORM_DEFAULTS;
  return { version: 1, default_profile_id: defaultId, profiles, scanner, defaults: PLATFORM_DEFAULTS };
}
