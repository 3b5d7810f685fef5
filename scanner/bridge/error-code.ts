import type { FailureKind } from "../upload/errors";
import type { ScannerError, ScannerErrorCode } from "./messages";

/**
 * The one mapping from what went wrong in the scanner to the `error.code` the host page
 * gets (README "Error codes"; the QR hand-off in public/launcher.js reports the same cases
 * with the same codes): a link that cannot be used here is `config`, lost contact is
 * `network`, and everything that ends this scan (an expired session, a file too large,
 * a failed capture or upload) is `scan_error`.
 */
export const BRIDGE_ERROR: Record<FailureKind | "scan", { code: ScannerErrorCode; message: string }> = {
  invalid: { code: "config", message: "The scanner link is not valid." },
  used: { code: "config", message: "This document was already sent." },
  network: { code: "network", message: "Lost contact with the scanning service." },
  expired: { code: "scan_error", message: "The session expired." },
  too_large: { code: "scan_error", message: "The document is too large." },
  generic: { code: "scan_error", message: "The upload failed." },
  scan: { code: "scan_error", message: "The capture could not be processed." },
};

export function bridgeError(kind: FailureKind | "scan"): ScannerError {
  return { ...BRIDGE_ERROR[kind] };
}
