import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Ctx } from "../context";
import { sha256Hex } from "../crypto";
import type { Db } from "../db";
import { arrayRows, driverStatement } from "../db/array-rows";
import { apiKeys, scannerProfiles, tenants } from "../db/schema";
import { ApiError } from "../errors";
import { parseKeyValue, type KeyKind, type KeyMode } from "./key-format";

export interface ApiKeyPrincipal {
  kind: "apiKey";
  keyId: string;
  tenantId: string;
  keyKind: KeyKind;
  mode: KeyMode;
  /** The key's tenant as read with the key, for session creation (so it needs no read of its own). */
  tenant: KeyTenant;
}

export interface KeyTenant {
  id: string;
  allowedOrigins: string[];
  defaultProfileId: string | null;
  /** The default profile's settings; null when there is none (or its row is gone). */
  defaultProfileSettings: Record<string, unknown> | null;
}

/** `last_used_at` is refreshed at most this often, so API calls are not all writes. */
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The key by its hash, joined to its tenant and the tenant's default scanner profile: one
 * statement for everything `POST /v1/sessions` reads before its insert. Sent by the
 * driver itself (`arrayRows`, as the status poll's read), so its columns are read by position.
 */
const KEY_BY_HASH = driverStatement(
  "api_key_by_hash",
  new QueryBuilder()
    .select({
      id: apiKeys.id,
      tenantId: apiKeys.tenantId,
      kind: apiKeys.kind,
      mode: apiKeys.mode,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      allowedOrigins: tenants.allowedOrigins,
      defaultProfileId: tenants.defaultProfileId,
      defaultProfileSettings: scannerProfiles.settings,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(scannerProfiles, and(eq(scannerProfiles.id, tenants.defaultProfileId), eq(scannerProfiles.tenantId, tenants.id)))
    .where(eq(apiKeys.keyHash, sql.placeholder("keyHash")))
    .limit(1),
);

type KeyRow = [id: string, tenantId: string, kind: KeyKind, mode: KeyMode, revokedAt: Date | null, lastUsedAt: Date | null, allowedOrigins: string[], defaultProfileId: string | null, defaultProfileSettings: Record<string, unknown> | null];

/** The active API key in `Authorization: Bearer`; absent, malformed, unknown or revoked → `401 invalid_api_key`. */
export async function authenticateApiKey(req: Request, ctx: Pick<Ctx, "db" | "now" | "defer">): Promise<ApiKeyPrincipal> {
  const value = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!value || !parseKeyValue(value)) throw new ApiError("invalid_api_key");
  const [row] = await arrayRows(ctx.db, KEY_BY_HASH, { keyHash: sha256Hex(value) });
  const [keyId, tenantId, keyKind, mode, revokedAt, lastUsedAt, allowedOrigins, defaultProfileId, defaultProfileSettings] = (row ?? []) as KeyRow;
  if (!row || revokedAt) throw new ApiError("invalid_api_key");
  if (isStale(lastUsedAt, ctx.now)) ctx.defer(() => touchLastUsed(ctx.db, keyId, ctx.now));
  return { kind: "apiKey", keyId, tenantId, keyKind, mode, tenant: { id: tenantId, allowedOrigins, defaultProfileId, defaultProfileSettings } };
}

/** A secret key, or `401 secret_key_required` for a valid publishable key. */
export async function authenticateSecretKey(req: Request, ctx: Pick<Ctx, "db" | "now" | "defer">): Promise<ApiKeyPrincipal> {
  const principal = await authenticateApiKey(req, ctx);
  if (principal.keyKind !== "secret") throw new ApiError("secret_key_required");
  return principal;
}

/** Whether `last_used_at` as just read is due a refresh (no statement is sent when it is not). */
function isStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || lastUsedAt.getTime() < now.getTime() - LAST_USED_GRANULARITY_MS;
}

async function touchLastUsed(db: Db, keyId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}
