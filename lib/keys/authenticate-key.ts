import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Ctx } from "../context";
import { sha256Hex } from "../crypto";
import type { Db } from "../db";
import { apiKeys } from "../db/schema";
import { ApiError } from "../errors";
import { parseKeyValue, type KeyKind, type KeyMode } from "./key-format";

export interface ApiKeyPrincipal {
  kind: "apiKey";
  keyId: string;
  tenantId: string;
  keyKind: KeyKind;
  mode: KeyMode;
}

/** `last_used_at` is refreshed at most this often, so API calls are not all writes. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The active API key in `Authorization: Bearer`; absent, malformed, unknown or revoked → `401 invalid_api_key`. */
export async function authenticateApiKey(req: Request, ctx: Pick<Ctx, "db" | "now" | "defer">): Promise<ApiKeyPrincipal> {
  const value = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!value || !parseKeyValue(value)) throw new ApiError("invalid_api_key");
  const [key] = await ctx.db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, kind: apiKeys.kind, mode: apiKeys.mode, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sha256Hex(value)))
    .limit(1);
  if (!key || key.revokedAt) throw new ApiError("invalid_api_key");
  ctx.defer(() => touchLastUsed(ctx.db, key.id, ctx.now));
  return { kind: "apiKey", keyId: key.id, tenantId: key.tenantId, keyKind: key.kind, mode: key.mode };
}

/** A secret key, or `401 secret_key_required` for a valid publishable key. */
export async function authenticateSecretKey(req: Request, ctx: Pick<Ctx, "db" | "now" | "defer">): Promise<ApiKeyPrincipal> {
  const principal = await authenticateApiKey(req, ctx);
  if (principal.keyKind !== "secret") throw new ApiError("secret_key_required");
  return principal;
}

async function touchLastUsed(db: Db, keyId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}
