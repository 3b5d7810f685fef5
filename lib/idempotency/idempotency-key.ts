import type { FieldErrors } from "../errors";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer repeated from a key's record rather than worked out again. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The request's `Idempotency-Key`: null when absent. It must be 1–255 visible ASCII
 * characters (a UUID fits); otherwise `problems` names the header, for `fields`.
 */
export function idempotencyKeyOf(req: Request): { key: string | null; problems: FieldErrors } {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null || KEY.test(key)) return { key, problems: {} };
  return { key: null, problems: { [IDEMPOTENCY_HEADER]: "must be 1 to 255 visible ASCII characters (a UUID is a good key)" } };
}
