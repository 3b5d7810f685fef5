import type { StringKey } from "../i18n";

/** What went wrong, in terms of what the person can do about it. */
export type FailureKind = "expired" | "used" | "invalid" | "too_large" | "network" | "generic";

export class ScanFailure extends Error {
  constructor(readonly kind: FailureKind, message?: string) {
    super(message ?? kind);
  }
}

/** Maps an API error response to a failure kind (SPEC "Errors"). */
export function failureFromResponse(status: number, body: unknown): ScanFailure {
  const code = (body as { error?: unknown } | null)?.error;
  if (code === "session_expired" || status === 410) return new ScanFailure("expired");
  if (code === "token_already_used") return new ScanFailure("used");
  if (code === "invalid_token") return new ScanFailure("invalid");
  if (code === "file_too_large" || status === 413) return new ScanFailure("too_large");
  // 408: the server cut a body that stalled or crawled; on a link that recovers, sending again works.
  if (status === 408 || status === 429 || status >= 500) return new ScanFailure("network", `HTTP ${status}`);
  return new ScanFailure("generic", typeof code === "string" ? code : `HTTP ${status}`);
}

/** Only transport failures, 408, 429 and 5xx are worth repeating; never a 410 or another 4xx. */
export function isRetryable(err: unknown): boolean {
  return err instanceof ScanFailure && err.kind === "network";
}

export const FAILURE_TEXT: Record<FailureKind, StringKey> = {
  expired: "errExpired",
  used: "errUsed",
  invalid: "errInvalid",
  too_large: "errTooLarge",
  network: "errNetwork",
  generic: "errGeneric",
};
