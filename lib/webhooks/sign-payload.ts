import { createHmac } from "node:crypto";

/** The signature header every delivery request carries. */
export const SIGNATURE_HEADER = "X-Scanner-Signature";
/** The event's id (`evt_…`, as in the payload): the same on retries and replays; receivers dedupe on it. */
export const EVENT_ID_HEADER = "X-Scanner-Event-Id";
/** The delivery's id (`whd_…`): the same on its retries, new for a replay. */
export const DELIVERY_ID_HEADER = "X-Scanner-Delivery-Id";

/**
 * The `X-Scanner-Signature` value for one attempt: `t=<unix seconds>,v1=<hex HMAC-SHA256>`
 * over `<t>.<body>`, keyed with the secret string exactly as shown (`whsec_` included).
 * Each attempt signs with a fresh `t`, so a receiver's tolerance window holds on retries.
 */
export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
