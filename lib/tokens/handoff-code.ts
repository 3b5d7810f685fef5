import type { Config } from "../config";
import { deriveKey, hmacBase64Url, safeEqual } from "../crypto";

type CodeConfig = Pick<Config, "appSecret">;

/** 12 bytes (96 bits) of HMAC: unguessable, yet short enough for a coarse QR code. */
const MAC_BYTES = 12;
const CODE = /^(sess_[0-9a-z]{20})\.([A-Za-z0-9_-]{16})$/;

/**
 * The QR hand-off code: `<sessionId>.<truncated HMAC over the id>`. It only names a session;
 * expiry and single use are checked against the session row, like a client token's.
 * Its shape (one dot) never parses as a client token (a JWT, two dots), nor the reverse.
 */
export function signHandoffCode(config: CodeConfig, sessionId: string): string {
  return `${sessionId}.${mac(config, sessionId)}`;
}

/** The session id a hand-off code names, or null when malformed or tampered with. */
export function verifyHandoffCode(config: CodeConfig, code: string): string | null {
  const match = CODE.exec(code);
  if (!match) return null;
  return safeEqual(match[2], mac(config, match[1])) ? match[1] : null;
}

function mac(config: CodeConfig, sessionId: string): string {
  return hmacBase64Url(deriveKey(config.appSecret, "handoff-code"), `handoff\n${sessionId}`, MAC_BYTES);
}
