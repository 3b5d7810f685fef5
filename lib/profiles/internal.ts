import { and, eq } from "drizzle-orm";
import type { Tx } from "../db";
import { scannerProfiles, tenants } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import { isUniqueViolation } from "../db/unique-violation";

/** The tenant's profile, locked for the rest of the transaction; another tenant's id is `404 not_found`. */
export async function lockProfileForTenant(tx: Tx, tenantId: string, profileId: string) {
  const [row] = await tx
    .select()
    .from(scannerProfiles)
    .where(and(eq(scannerProfiles.id, profileId), eq(scannerProfiles.tenantId, tenantId)))
    .for("update");
  if (!row) throw new ApiError("not_found", { message: "No such scanner profile." });
  return row;
}

/** Locks the tenant row (profile default changes and deletes queue on it) and returns its default profile id. */
export async function lockDefaultProfileId(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx.select({ id: tenants.defaultProfileId }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
  return row?.id ?? null;
}

/** Runs a write that may hit the per-tenant unique name; a clash is `400 invalid_request` with `fields.name`. */
export async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, "scanner_profiles_tenant_name_key")) throw invalidRequest({ name: "is already used by another profile" });
    throw err;
  }
}
