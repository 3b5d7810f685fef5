import type { Ctx } from "../context";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { isPlainObject } from "../scanner-settings";
import { issuesToFields } from "../validation";
import type { ApiKeyPrincipal } from "../keys/authenticate-key";
import { consumeSessionRateLimit } from "./consume-session-rate-limit";
import { insertSession } from "./insert-session";
import { assertOriginAllowed, resolveAllowedOrigins } from "./resolve-allowed-origins";
import { resolveScannerSettings, type ResolvedScanner } from "./resolve-scanner-settings";
import { CreateSessionInput } from "./schemas";

export interface CreateSessionArgs {
  ctx: Ctx;
  principal: ApiKeyPrincipal;
  /** The JSON body as sent: checked here, so its shape's problems and the rest come together. */
  body: unknown;
  /** Problems of the request's headers (a malformed Idempotency-Key), reported with the body's. */
  headerProblems?: FieldErrors;
  /** The request's `Origin` header (checked only for publishable keys). */
  origin: string | null;
}

/**
 * Opens a session for `POST /v1/sessions`. Mode comes from the key, never the body. Checks
 * run before any write: a publishable key's Origin, then the whole body at once (`checkedBody`),
 * then the tenant's rate limit (publishable and secret keys count in separate buckets), then
 * the balance; nothing is debited (credits move at completion). The session records the kind
 * of key that opened it (`created_with`).
 */
export async function createSession({ ctx, principal, body, headerProblems = {}, origin }: CreateSessionArgs) {
  const { now } = ctx;
  const { tenant } = principal;
  if (principal.keyKind === "publishable") assertOriginAllowed(tenant.allowedOrigins, origin);
  const { input, allowedOrigins, scanner } = await checkedBody(ctx, principal, body, headerProblems);
  await consumeSessionRateLimit(ctx, { tenantId: tenant.id, keyKind: principal.keyKind }, now);
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

/**
 * The body, every problem reported at once in `fields`: its shape, a `callback_url` set with
 * a publishable key, each origin's form, an unknown profile and the settings override. All in
 * the override is `400 invalid_scanner_config`; anything else makes it `400 invalid_request`.
 * A requested origin off the allowlist is `403 origin_not_allowed` (not a problem of form).
 */
async function checkedBody(ctx: Ctx, principal: ApiKeyPrincipal, body: unknown, headerProblems: FieldErrors) {
  const parsed = CreateSessionInput.safeParse(body);
  const fields: FieldErrors = { ...headerProblems, ...(parsed.success ? {} : issuesToFields(parsed.error.issues)) };
  let onlyOverride = parsed.success && Object.keys(headerProblems).length === 0;
  const keep = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 400 || !err.fields) throw err;
    Object.assign(fields, err.fields);
    onlyOverride &&= err.code === "invalid_scanner_config";
  };
  // Each check reads its own field of the body, and only when the shape of that field is right.
  const raw = isPlainObject(body) ? body : {};
  const sound = (key: keyof CreateSessionInput) => !(key in fields) && !Object.keys(fields).some((k) => k.startsWith(`${key}.`));
  // A publishable key is public: whoever holds it must not choose where the tenant's signed
  // events go. Sessions needing their own destination are opened server-side.
  if (principal.keyKind === "publishable" && raw.callback_url !== undefined) {
    keep(invalidRequest({ callback_url: "cannot be set with a publishable key; open the session with a secret key" }));
  }
  // Read with the key (lib/keys/authenticate-key.ts): allowlist and default profile.
  const { tenant } = principal;
  let allowedOrigins: string[] = [];
  try {
    if (sound("allowed_origins")) allowedOrigins = resolveAllowedOrigins(tenant.allowedOrigins, raw.allowed_origins as string[] | undefined);
  } catch (err) {
    keep(err);
  }
  let scanner: ResolvedScanner | undefined;
  try {
    // A malformed profile id (reported above) leaves the override checked over the default profile.
    scanner = await resolveScannerSettings(ctx.db, tenant, sound("scanner_id") ? (raw.scanner_id as string | undefined) : undefined, raw.scanner);
  } catch (err) {
    keep(err);
  }
  if (!parsed.success || !scanner || Object.keys(fields).length > 0) {
    throw onlyOverride ? new ApiError("invalid_scanner_config", { fields }) : invalidRequest(fields);
  }
  return { input: parsed.data, allowedOrigins, scanner };
}
