import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Hex HMAC-SHA256 of `message` under `key`. */
export function hmacHex(key: string | Buffer, message: string): string {
  return createHmac("sha256", key).update(message).digest("hex");
}

/** Base64url HMAC-SHA256, optionally truncated to `bytes` bytes (for short URL signatures). */
export function hmacBase64Url(key: string | Buffer, message: string, bytes?: number): string {
  const mac = createHmac("sha256", key).update(message).digest();
  return (bytes ? mac.subarray(0, bytes) : mac).toString("base64url");
}

/** Constant-time string comparison; unequal lengths compare unequal without leaking where. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    timingSafeEqual(left, left); // spend comparable time regardless of where a difference lies
    return false;
  }
  return timingSafeEqual(left, right);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A URL-safe random string with `bytes` bytes of entropy. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/** A derived key for one purpose, so one APP_SECRET never signs two kinds of thing alike. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`docscan:${purpose}`).digest();
}
