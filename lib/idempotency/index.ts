export { canonicalJson } from "./canonical-json";
export { IDEMPOTENCY_HEADER, idempotencyKeyOf, REPLAYED_HEADER } from "./idempotency-key";
export { expireIdempotencyKeys, idempotent, KEY_TTL_MS, type Answer, type IdempotentCall } from "./idempotent";
