import type { Config } from "../config";
import { deriveKey, hmacBase64Url, safeEqual } from "../crypto";

type TokenConfig = Pick<Config, "appSecret">;

/** What a client token proves: which session, and whether its lifetime has passed. */
export type ClientTokenCheck = { ok: true; sessionId: string } | { ok: false; reason: "invalid" } | { ok: false; reason: "expired"; sessionId: string };

const SESSION_ID = /^sess_[0-9a-z]{20}$/;
// The purpose claim keeps a token from ever being confused with another JWT signed under a sibling key.
const PURPOSE = "ct";
/** The one header this service signs; a token with any other (another alg, `none`) is refused as it stands. */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/*
 * A compact JWS (HS256) signed and checked with node:crypto's HMAC, synchronously. It used to be
 * jose over WebCrypto: every sign and verify an async round through the thread pool,
 * about a tenth of a status poll's CPU. The format is unchanged (tests/unit/tokens.test.ts checks
 * both ways against jose), and it is a narrow one: our header only, `sid`, `use` and `exp`.
 */
const mac = (config: TokenConfig, signingInput: string) => hmacBase64Url(deriveKey(config.appSecret, "client-token"), signingInput);

/**
 * Signs the scanner's credential for one session: HS256 JWT with `sid` and `exp` equal to the
 * session's expiry (the token dies with the session). No `iat`, so re-issuing it (config?c=)
 * yields the same string; single use is enforced on the session row, not in the token.
 */
export function signClientToken(config: TokenConfig, sessionId: string, expiresAt: Date): string {
  const claims = Buffer.from(JSON.stringify({ sid: sessionId, use: PURPOSE, exp: Math.ceil(expiresAt.getTime() / 1000) })).toString("base64url");
  const signingInput = `${HEADER}.${claims}`;
  return `${signingInput}.${mac(config, signingInput)}`;
}

/**
 * Verifies a client token against the app clock. Malformed or tampered → invalid; a valid
 * signature past `exp` → expired (the endpoints answer `410 session_expired` for that).
 */
export function verifyClientToken(config: TokenConfig, token: string, now: Date): ClientTokenCheck {
  const known = verified.get(token);
  if (known !== undefined && known.secret === config.appSecret) return checkExpiry(known.sessionId, known.exp, now);
  const parts = token.length <= 1024 ? token.split(".") : [];
  // The signature is compared as text, so no second spelling of the same bytes passes.
  if (parts.length !== 3 || parts[0] !== HEADER || !safeEqual(parts[2], mac(config, `${parts[0]}.${parts[1]}`))) return { ok: false, reason: "invalid" };
  const claims = parseClaims(parts[1]);
  const sessionId = claims && claimedSession(claims);
  if (!claims || !sessionId || typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) return { ok: false, reason: "invalid" };
  remember(token, { secret: config.appSecret, sessionId, exp: claims.exp });
  return checkExpiry(sessionId, claims.exp, now);
}

/** As jose did: expired once the clock, in whole seconds, has reached `exp`. */
function checkExpiry(sessionId: string, exp: number, now: Date): ClientTokenCheck {
  return Math.floor(now.getTime() / 1000) < exp ? { ok: true, sessionId } : { ok: false, reason: "expired", sessionId };
}

/**
 * Tokens whose signature and claims were already checked, by their exact text, with the secret
 * they were checked under. The desktop page polls its status with one token every 2 s, and the
 * HMAC and the claims' parse were a twentieth of each poll's CPU. Only good signatures are kept
 * (a refusal is checked afresh every time); the expiry is still read against each request's
 * clock. At most VERIFIED_MAX, the oldest dropped first: a few hundred KB.
 */
const verified = new Map<string, { secret: string; sessionId: string; exp: number }>();
const VERIFIED_MAX = 2048;

function remember(token: string, entry: { secret: string; sessionId: string; exp: number }): void {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, entry);
}

function parseClaims(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function claimedSession(payload: Record<string, unknown>): string | null {
  const { sid, use } = payload;
  return use === PURPOSE && typeof sid === "string" && SESSION_ID.test(sid) ? sid : null;
}
