import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { sha256Hex } from "../crypto";
import type { Db } from "../db";
import { preparedQuery } from "../db/prepared";
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
  /** The default profile's settings as the database's JSON text (`storedSettingsFromText`); null when there is none (or its row is gone). */
  defaultProfileSettingsJson: string | null;
}

/** `last_used_at` is refreshed at most this often, so API calls are not all writes. */
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The key by its hash, joined to its tenant and the tenant's default scanner profile: one
 * prepared statement for everything `POST /v1/sessions` reads before its insert.
 */
const keyByHash = preparedQuery("api_key_by_hash", (db, name) =>
  db
    .select({
      id: apiKeys.id,
      tenantId: apiKeys.tenantId,
      kind: apiKeys.kind,
      mode: apiKeys.mode,
      lastUsedAt: apiKeys.lastUsedAt,
      allowedOrigins: tenants.allowedOrigins,
      defaultProfileId: tenants.defaultProfileId,
      // As text: creation merges each distinct profile once (lib/scanner-settings/stored-settings.ts).
      defaultProfileSettingsJson: sql<string | null>`${scannerProfiles.settings}::text`,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .leftJoin(scannerProfiles, and(eq(scannerProfiles.id, tenants.defaultProfileId), eq(scannerProfiles.tenantId, tenants.id)))
    // A revoked key reads as no key: its row stays (the console lists it), its value opens nothing.
    .where(and(eq(apiKeys.keyHash, sql.placeholder("keyHash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare(name),
);

/** The active API key in `Authorization: Bearer`; absent, malformed, unknown or revoked → `401 invalid_api_key`. */
export async function authenticateApiKey(req: Request, ctx: Pick<Ctx, "db" | "now" | "defer">): Promise<ApiKeyPrincipal> {
  const value = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!value || !parseKeyValue(value)) throw new ApiError("invalid_api_key");
  const [key] = await keyByHash(ctx.db).execute({ keyHash: sha256Hex(value) });
  if (!key) throw new ApiError("invalid_api_key");
  if (isStale(key.lastUsedAt, ctx.now)) ctx.defer(() => touchLastUsed(ctx.db, key.id, ctx.now));
  const tenant = { id: key.tenantId, allowedOrigins: key.allowedOrigins, defaultProfileId: key.defaultProfileId, defaultProfileSettingsJson: key.defaultProfileSettingsJson };
  return { kind: "apiKey", keyId: key.id, tenantId: key.tenantId, keyKind: key.kind, mode: key.mode, tenant };
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
