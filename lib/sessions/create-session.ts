import type { Ctx } from "../context";
import { invalidRequest } from "../errors";
import type { ApiKeyPrincipal } from "../keys/authenticate-key";
import { consumeSessionRateLimit } from "./consume-session-rate-limit";
import { insertSession } from "./insert-session";
import { resolveAllowedOrigins } from "./resolve-allowed-origins";
import { resolveScannerSettings } from "./resolve-scanner-settings";
import type { CreateSessionInput } from "./schemas";

export interface CreateSessionArgs {
  ctx: Ctx;
  principal: ApiKeyPrincipal;
  input: CreateSessionInput;
  /** The request's `Origin` header (checked only for publishable keys). */
  origin: string | null;
}

/**
 * Opens a session for `POST /v1/sessions`. Mode comes from the key, never the body. Checks
 * run before any write: a publishable key may not set `callback_url`, origins, the tenant's
 * rate limit (publishable and secret keys count in separate buckets), the scanner settings
 * snapshot, then the balance; nothing is debited (credits move at completion). The session
 * records the kind of key that opened it (`created_with`).
 */
export async function createSession({ ctx, principal, input, origin }: CreateSessionArgs) {
  const { now } = ctx;
  const publishable = principal.keyKind === "publishable";
  // A publishable key is public: whoever holds it must not choose where the tenant's signed
  // events go. Sessions needing their own destination are opened server-side.
  if (publishable && input.callback_url !== undefined) {
    throw invalidRequest({ callback_url: "cannot be set with a publishable key; open the session with a secret key" });
  }
  // Read with the key (lib/keys/authenticate-key.ts): allowlist and default profile.
  const { tenant } = principal;
  const allowedOrigins = resolveAllowedOrigins(tenant.allowedOrigins, input.allowed_origins, publishable ? origin : undefined);
  await consumeSessionRateLimit(ctx, { tenantId: tenant.id, keyKind: principal.keyKind }, now);
  const scanner = await resolveScannerSettings(ctx.db, tenant, input.scanner_id, input.scanner);
  return insertSession(ctx, {
    tenantId: tenant.id,
    mode: principal.mode,
    metadata: input.metadata ?? {},
    scanner: scanner.settings,
    profileId: scanner.profileId,
    allowedOrigins,
    callbackUrl: input.callback_url ?? null,
    createdWith: principal.keyKind,
    now,
  });
}
