import { eq } from "drizzle-orm";
import type { Tx } from "../db";
import { tenants } from "../db/schema";
import { invalidRequest } from "../errors";
import { normalizeOrigin } from "./normalize-origin";

/** The origin an input names, or `400 invalid_request` with `fields.domain`. */
export function originOrThrow(domain: string): string {
  const origin = normalizeOrigin(domain);
  if (!origin) throw invalidRequest({ domain: "must be a hostname or an http(s) URL (no wildcards, no paths needed)" });
  return origin;
}

/** The tenant's allowlist, read with the tenant row locked so concurrent edits queue up. */
export async function lockAllowlist(tx: Tx, tenantId: string): Promise<string[]> {
  const [row] = await tx.select({ origins: tenants.allowedOrigins }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
  return row?.origins ?? [];
}

export async function saveAllowlist(tx: Tx, tenantId: string, origins: string[]): Promise<void> {
  await tx.update(tenants).set({ allowedOrigins: origins }).where(eq(tenants.id, tenantId));
}
