import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { scannerProfiles } from "../db/schema";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { applyScannerPatch, PLATFORM_DEFAULTS, storedSettingsFromText, type ScannerSettings } from "../scanner-settings";

export interface ResolvedScanner {
  settings: ScannerSettings;
  profileId: string | null;
}

/**
 * The settings snapshot a new session keeps: the named profile (or the tenant's default,
 * or the platform defaults when there is none), with the per-session override deep-merged
 * over it and the whole validated. A profile id of another tenant reads exactly like an
 * unknown one. Problems are reported together: an unknown `scanner_id` (`400
 * invalid_request`, the override then checked over the platform defaults) with the
 * override's own (keyed by path; alone they are `400 invalid_scanner_config`). A tenant read
 * with its default profile's settings (`defaultProfileSettingsJson`, as the API key lookup reads
 * it) needs no query for that profile. Profiles are read as JSON text and merged once per
 * distinct text (`storedSettingsFromText`).
 */
export async function resolveScannerSettings(
  db: Db,
  tenant: { id: string; defaultProfileId: string | null; defaultProfileSettingsJson?: string | null },
  scannerId: string | undefined,
  override: unknown,
): Promise<ResolvedScanner> {
  const profileId = scannerId ?? tenant.defaultProfileId;
  let base: ScannerSettings = PLATFORM_DEFAULTS;
  let unknownProfile = false;
  if (profileId && profileId === tenant.defaultProfileId && tenant.defaultProfileSettingsJson !== undefined) {
    if (tenant.defaultProfileSettingsJson) base = storedSettingsFromText(tenant.defaultProfileSettingsJson);
  } else if (profileId) {
    const [profile] = await db
      .select({ settings: sql<string>`${scannerProfiles.settings}::text` })
      .from(scannerProfiles)
      .where(and(eq(scannerProfiles.id, profileId), eq(scannerProfiles.tenantId, tenant.id)))
      .limit(1);
    if (profile) base = storedSettingsFromText(profile.settings);
    else unknownProfile = scannerId !== undefined;
  }
  let settings = base;
  const fields: FieldErrors = unknownProfile ? { scanner_id: "no such scanner profile" } : {};
  try {
    // Not cloned: both the platform defaults and a profile's merged settings are frozen, shared by requests.
    if (override !== undefined) settings = applyScannerPatch(base, override, "invalid_scanner_config");
  } catch (err) {
    if (!(err instanceof ApiError) || !unknownProfile) throw err;
    Object.assign(fields, err.fields);
  }
  if (unknownProfile) throw invalidRequest(fields);
  return { settings, profileId: profileId ?? null };
}
