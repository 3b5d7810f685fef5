/** What {@link verifySignature} checks: one received webhook request against one signing secret. */
export interface VerifyInput {
  /**
   * The request body exactly as received: a string, or the raw bytes (a Node `Buffer` is a
   * `Uint8Array`). Never a re-serialised JSON object: one changed space breaks the signature.
   */
  rawBody: string | Uint8Array;
  /**
   * The `X-Scanner-Signature` header value, `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, as your
   * framework hands it over: `req.headers.get(…)` (fetch) or `req.headers[…]` (Node/Express).
   * With an array, the first value is used. Missing or empty verifies as `false`.
   */
  header: string | string[] | null | undefined;
  /** The endpoint's signing secret, the whole `whsec_…` string (the prefix is part of the key). */
  secret: string;
  /** How far (seconds) `t` may be from now, either way. Default 300. */
  toleranceSeconds?: number;
  /** Current time in unix seconds (for tests); defaults to the system clock. */
  nowSeconds?: number;
}

/**
 * `true` when the header's timestamp is within the tolerance of now and one of its `v1`
 * values is the HMAC-SHA256, keyed with `secret`, of `<t>.<rawBody>` (compared in constant
 * time); `false` otherwise, including for a missing or malformed header. Never throws for a
 * bad header.
 *
 * To accept two secrets during a rotation, call it once per secret:
 * `verifySignature({ …, secret: current }) || verifySignature({ …, secret: previous })`.
 */
export declare function verifySignature(input: VerifyInput): boolean;
