/**
 * What a store says about a body it will not keep: more bytes than the caller's cap, or none
 * at all. The store knows nothing of HTTP; the domain maps these to the API's
 * `413 file_too_large` and `400 empty_file` (`lib/sessions/put-document.ts`).
 */
export type BlobRejection = "too_large" | "empty";

/** Branded like ApiError: Next bundles this module more than once, so class identity fails across copies. */
const BRAND = Symbol.for("docscan.BlobRejected");

export class BlobRejected extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;

  constructor(readonly reason: BlobRejection) {
    super(reason === "too_large" ? "body larger than the cap" : "empty body");
  }
}
