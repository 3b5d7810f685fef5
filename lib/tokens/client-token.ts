import { errors, jwtVerify, SignJWT } from "jose";
import type { Config } from "../config";
import { deriveKey } from "../crypto";

type TokenConfig = Pick<Config, "appSecret">;

/** What a client token proves: which session, and whether its lifetime has passed. */
export type ClientTokenCheck = { ok: true; sessionId: string } | { ok: false; reason: "invalid" } | { ok: false; reason: "expired"; sessionId: string };

const SESSION_ID = /^sess_[0-9a-z]{20}$/;
// The purpose claim keeps a token from ever being confused with another JWT signed under a sibling key.
const PURPOSE = "ct";

/**
 * The HS256 key, imported into WebCrypto once per secret: jose would otherwise derive and
 * import it on every sign and verify, a tenth of a status poll's CPU (issue 14's profile).
 */
const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(config: TokenConfig): Promise<CryptoKey> {
  let key = keys.get(config.appSecret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new Uint8Array(deriveKey(config.appSecret, "client-token")), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(config.appSecret, key);
  }
  return key;
}

/**
 * Signs the scanner's credential for one session: HS256 JWT with `sid` and `exp` equal to the
 * session's expiry (the token dies with the session). No `iat`, so re-issuing it (config?c=)
 * yields the same string; single use is enforced on the session row, not in the token.
 */
export async function signClientToken(config: TokenConfig, sessionId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: sessionId, use: PURPOSE })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000))
    .sign(await signingKey(config));
}

/**
 * Verifies a client token against the app clock. Malformed or tampered → invalid; a valid
 * signature past `exp` → expired (the endpoints answer `410 session_expired` for that).
 */
export async function verifyClientToken(config: TokenConfig, token: string, now: Date): Promise<ClientTokenCheck> {
  if (token.length > 1024 || token.split(".").length !== 3) return { ok: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, await signingKey(config), { algorithms: ["HS256"], currentDate: now, requiredClaims: ["exp", "sid"] });
    const sessionId = claimedSession(payload);
    return sessionId ? { ok: true, sessionId } : { ok: false, reason: "invalid" };
  } catch (err) {
    const sessionId = err instanceof errors.JWTExpired ? claimedSession(err.payload) : null;
    return sessionId ? { ok: false, reason: "expired", sessionId } : { ok: false, reason: "invalid" };
  }
}

function claimedSession(payload: Record<string, unknown>): string | null {
  const { sid, use } = payload;
  return use === PURPOSE && typeof sid === "string" && SESSION_ID.test(sid) ? sid : null;
}
