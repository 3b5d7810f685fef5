/**
 * Verifies an `X-Scanner-Signature` header on a webhook you received. Standalone (only
 * `node:crypto`): copy this file into your receiver.
 *
 *   const ok = verifySignature({ rawBody, header: req.headers["x-scanner-signature"], secret: process.env.WEBHOOK_SECRET });
 *
 * - `rawBody` must be the exact bytes received (a string or Buffer), never a re-serialised
 *   JSON object: a single changed space breaks the signature.
 * - The timestamp must be within `toleranceSeconds` (300 by default) of now, which bounds
 *   replays of a captured request.
 * - Comparison is constant-time.
 * - The secret is the full `whsec_…` string, used as the HMAC key as is.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface VerifyInput {
  rawBody: string | Buffer | Uint8Array;
  header: string | string[] | null | undefined;
  secret: string;
  toleranceSeconds?: number;
  /** Current time in unix seconds (for tests); defaults to the system clock. */
  nowSeconds?: number;
}

export function verifySignature(input: VerifyInput): boolean {
  const header = Array.isArray(input.header) ? input.header[0] : input.header;
  if (!header || !input.secret) return false;
  const parts = parseHeader(header);
  if (parts.t === null || parts.v1.length === 0) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parts.t) > (input.toleranceSeconds ?? 300)) return false;
  const body = typeof input.rawBody === "string" ? Buffer.from(input.rawBody, "utf8") : Buffer.from(input.rawBody);
  const mac = createHmac("sha256", input.secret);
  mac.update(`${parts.t}.`);
  mac.update(body);
  const expected = mac.digest();
  return parts.v1.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return /^[0-9a-f]{64}$/i.test(hex) && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** `t=<unix>,v1=<hex>[,v1=<hex>]`: several v1 values are accepted (as Stripe does). */
function parseHeader(header: string): { t: number | null; v1: string[] } {
  let t: number | null = null;
  const v1: string[] = [];
  for (const item of header.split(",")) {
    const [key, value] = item.trim().split("=", 2);
    if (key === "t" && value !== undefined && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === "v1" && value) v1.push(value);
  }
  return { t, v1 };
}
