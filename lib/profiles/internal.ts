import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { scannerProfiles, tenants } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import { isUniqueViolation } from "../db/unique-violation";
import { NAME_TAKEN } from "./schemas";

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

/**
 * Whether another of the tenant's profiles (not `exceptId`) is called `name`: read before
 * the write so a clash is reported with the body's other problems. Two writes racing for
 * one name both pass it; the unique index decides them (`withUniqueName`).
 */
export function nameTakenBy(db: Db | Tx, tenantId: string, exceptId?: string) {
  return async (name: string): Promise<boolean> => {
    const others = and(eq(scannerProfiles.tenantId, tenantId), eq(scannerProfiles.name, name), exceptId ? ne(scannerProfiles.id, exceptId) : undefined);
    const rows = await db.select({ id: scannerProfiles.id }).from(scannerProfiles).where(others).limit(1);
    return rows.length > 0;
  };
}

/** Runs a write that may hit the per-tenant unique name; a clash is `400 invalid_request` with `fields.name`. */
export async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, "scanner_profiles_tenant_name_key")) throw invalidRequest({ name: NAME_TAKEN });
    throw err;
  }
}
