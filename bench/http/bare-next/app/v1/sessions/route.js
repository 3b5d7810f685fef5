import { Buffer } from "node:buffer";
import { z } from "zod";
import { json, newId, pool, rateLimitHit, sha256Hex, signToken } from "../../../lib/deps.js";

export const dynamic = "force-dynamic";

/** The app's key lookup (lib/keys/authenticate-key.ts): the key, its tenant, the default profile's settings. */
const KEY_BY_HASH = `select "api_keys"."id", "api_keys"."tenant_id", "api_keys"."kind", "api_keys"."mode", "api_keys"."last_used_at", "tenants"."allowed_origins", "tenants"."default_profile_id", "scanner_profiles"."settings"::text
  from "api_keys" inner join "tenants" on "tenants"."id" = "api_keys"."tenant_id"
  left join "scanner_profiles" on ("scanner_profiles"."id" = "tenants"."default_profile_id" and "scanner_profiles"."tenant_id" = "tenants"."id")
  where ("api_keys"."key_hash" = $1 and "api_keys"."revoked_at" is null) limit $2`;

/** The app's new session row (lib/sessions/insert-session.ts), committed asynchronously as the app does. */
const OPENING_ROW = `select $1::text, $2::text, $3::text, 'created'::text, $4::json, $5::jsonb, $6::text, $7::jsonb, $8::text, $9::text,
  $10::timestamp with time zone, $11::timestamp with time zone, null::timestamp with time zone, null::timestamp with time zone,
  null::timestamp with time zone, null::timestamp with time zone, null::timestamp with time zone, null::text, null::integer,
  null::timestamp with time zone, null::jsonb, null::timestamp with time zone, null::timestamp with time zone
  from (select set_config('synchronous_commit', 'off', true)) as commit_mode`;
const SESSION_COLUMNS = `"id", "tenant_id", "mode", "status", "metadata", "scanner", "profile_id", "allowed_origins", "callback_url", "created_with",
  "created_at", "expires_at", "opened_at", "scanning_at", "token_used_at", "completed_at", "failed_at", "fail_reason", "page_count",
  "redaction_requested_at", "redaction_actor", "redaction_lease_until", "redacted_at"`;
/** The credit rule as the app runs it: insert, then hold a credit under the bound (raises DS402 when none is free). */
const INSERT_HOLDING_LAST = `with "opened" as (insert into "sessions" (${SESSION_COLUMNS}) ${OPENING_ROW} returning "id") select "id" from "opened" where session_credit_hold($12)`;
/** The exact rule, when the bound leaves no credit free: recount the live sessions under the tenant lock. */
const INSERT_IF_COVERED = `insert into "sessions" (${SESSION_COLUMNS}) ${OPENING_ROW} where session_credit_reserve($12, $13::timestamptz, $14::text[]) returning "id"`;

const METADATA_MAX_BYTES = 16 * 1024;
const KEY_VALUE = /^(pk|sk)_(test|live)_[A-Za-z0-9_-]{32,64}$/;
const SESSION_TTL_MS = 15 * 60_000;

/** A string Postgres jsonb can hold: no NUL, no lone surrogate. */
const storable = (s) => s.isWellFormed() && !s.includes("\0");

/** The first problem of a JSON value nested in metadata, or null. */
function jsonProblem(value, depth) {
  if (depth > 20) return "must be nested at most 20 levels deep";
  if (typeof value === "string") return storable(value) ? null : "strings must not contain NUL or unpaired surrogates";
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Array.isArray(value) ? value.map((v) => ["", v]) : Object.entries(value)) {
    if (!storable(key)) return "keys must not contain NUL or unpaired surrogates";
    const problem = jsonProblem(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const Body = z.strictObject({
  metadata: z
    .unknown()
    .superRefine((value, ctx) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return void ctx.addIssue({ code: "custom", message: "must be a JSON object" });
      if (Buffer.byteLength(JSON.stringify(value)) > METADATA_MAX_BYTES) return void ctx.addIssue({ code: "custom", message: "too large" });
      const problem = jsonProblem(value, 0);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  scanner_id: z.string().min(1).max(200).optional(),
  scanner: z.unknown().optional(),
  allowed_origins: z.array(z.string().max(2048)).max(50).optional(),
  callback_url: z
    .string()
    .refine((value) => URL.canParse(value) && (new URL(value).protocol === "https:" || new URL(value).hostname === "localhost"), "must be https, or http for localhost")
    .optional(),
});

const fieldsOf = (issues) => Object.fromEntries(issues.map((issue) => [issue.path.join(".") || "body", issue.message]));

/**
 * The app's opening, for what the bench sends: key lookup, body checked whole, rate limit,
 * the session inserted holding its credit, the client token. A scanner profile other than
 * the default or a settings override it does not merge (the bench sends neither): 400.
 */
export async function POST(req) {
  const value = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!value || !KEY_VALUE.test(value)) return json(401, { error: "invalid_api_key" });
  const { rows } = await pool.query({ name: "bare_key_by_hash", text: KEY_BY_HASH, values: [sha256Hex(value), 1], rowMode: "array" });
  if (!rows[0]) return json(401, { error: "invalid_api_key" });
  const [, tenantId, kind, mode, , allowlist, defaultProfileId, profileSettings] = rows[0];
  if (kind === "publishable" && !allowlist.includes(req.headers.get("origin"))) return json(403, { error: "origin_not_allowed" });
  let body;
  try {
    body = await req.json();
  } catch {
    return json(400, { error: "invalid_request", fields: { body: "must be JSON" } });
  }
  const parsed = Body.safeParse(body);
  const fields = parsed.success ? {} : fieldsOf(parsed.error.issues);
  if (kind === "publishable" && body?.callback_url !== undefined) fields.callback_url = "cannot be set with a publishable key";
  if (parsed.success && ((parsed.data.scanner_id ?? defaultProfileId) !== defaultProfileId || parsed.data.scanner !== undefined)) fields.scanner = "not in the baseline";
  // Each origin is checked whenever the list itself is well-formed, so its problems come with the rest.
  const requested = fields.allowed_origins === undefined && Array.isArray(body?.allowed_origins) ? body.allowed_origins : undefined;
  const normalised = (requested ?? []).map((o) => (URL.canParse(o) ? new URL(o).origin : null));
  normalised.forEach((o, i) => o === null && (fields[`allowed_origins.${i}`] = "must be an http(s) origin"));
  const origins = requested === undefined ? allowlist : [...new Set(normalised)];
  if (Object.keys(fields).length > 0) return json(400, { error: "invalid_request", fields });
  if (requested !== undefined && origins.some((o) => !allowlist.includes(o))) return json(403, { error: "origin_not_allowed" });
  if (!(await rateLimitHit(`sessions:${tenantId}`, 100_000_000, 60_000))) return json(429, { error: "rate_limited" });
  const id = newId("sess");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const values = [id, tenantId, mode, JSON.stringify(parsed.data.metadata ?? {}), profileSettings ?? "{}", defaultProfileId, JSON.stringify(origins), parsed.data.callback_url ?? null, kind, now.toISOString(), expiresAt.toISOString(), tenantId];
  try {
    await pool.query({ name: "bare_insert_holding_last", text: INSERT_HOLDING_LAST, values });
  } catch (err) {
    if (err.code !== "DS402") throw err;
    const covered = await pool.query({ name: "bare_insert_if_covered", text: INSERT_IF_COVERED, values: [...values, now.toISOString(), "{created,opened,scanning}"] });
    if (covered.rows.length === 0) return json(402, { error: "insufficient_credits" });
  }
  const token = signToken(id, expiresAt);
  return json(201, { id, mode, client_token: token, scan_url: `http://localhost/scan?t=${encodeURIComponent(token)}`, expires_at: expiresAt.toISOString() });
}
