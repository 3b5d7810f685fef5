/**
 * Verifies the `X-Scanner-Signature` header on a DocScan webhook request. No dependencies
 * (only `node:crypto`); types in index.d.ts. Either install the package or copy both files.
 *
 *   const ok = verifySignature({ rawBody, header: req.headers["x-scanner-signature"], secret: process.env.DOCSCAN_WEBHOOK_SECRET });
 *
 * - `rawBody` must be the exact bytes received (a string, Buffer or Uint8Array), never a
 *   re-serialised JSON object: a single changed space breaks the signature.
 * - The timestamp must be within `toleranceSeconds` (300 by default) of now, which bounds
 *   replays of a captured request.
 * - Comparison is constant-time.
 * - The secret is the full `whsec_…` string, used as the HMAC key as is.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** See index.d.ts for the input fields and the result. */
export function verifySignature(input) {
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

/**
 * `t=<unix>,v1=<hex>[,v1=<hex>]`: several v1 values are accepted (as Stripe does).
 * @param {string} header
 * @returns {{ t: number | null, v1: string[] }}
 */
function parseHeader(header) {
  let t = null;
  const v1 = [];
  for (const item of header.split(",")) {
    const [key, value] = item.trim().split("=", 2);
    if (key === "t" && value !== undefined && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === "v1" && value) v1.push(value);
  }
  return { t, v1 };
}
