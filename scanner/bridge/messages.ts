/**
 * The postMessage channel between the hosted scanner (in an iframe) and the launcher on the
 * integrator's page (DESIGN.md, "postMessage shape"). public/launcher.js mirrors these names
 * in JSDoc because it ships without a build step; tests/unit/bridge-messages.test.ts keeps
 * the two lists equal.
 */
import type { ScanResult } from "../contract";

export const MESSAGE_SOURCE = "docscan";

/** Messages the scanner sends to the host page. */
export const SCANNER_EVENT_TYPES = ["ready", "opened", "page_captured", "completed", "error", "cancelled", "closed"] as const;
export type ScannerEventType = (typeof SCANNER_EVENT_TYPES)[number];

/** `error.code` values; `cancelled` is not among them because cancelling is a user choice, not a failure. */
export const SCANNER_ERROR_CODES = ["config", "network", "scan_error"] as const;
export type ScannerErrorCode = (typeof SCANNER_ERROR_CODES)[number];

export type { ScanResult };

export interface ScannerError {
  code: ScannerErrorCode;
  message: string;
}

/** Extra fields per event type; `source`, `type` and `session_id` are added by the bridge. */
export interface ScannerEventPayloads {
  ready: Record<string, never>;
  opened: Record<string, never>;
  page_captured: { page_count: number };
  completed: { result: ScanResult };
  error: { error: ScannerError };
  cancelled: Record<string, never>;
  closed: Record<string, never>;
}

export type ScannerMessage = {
  [T in ScannerEventType]: { source: typeof MESSAGE_SOURCE; type: T; session_id: string } & ScannerEventPayloads[T];
}[ScannerEventType];

/** The one message the host sends: the launcher's handshake, whose `event.origin` the scanner checks. */
export interface InitMessage {
  source: typeof MESSAGE_SOURCE;
  type: "init";
}

/** True for a well-formed handshake message (checks shape only; the caller checks who sent it). */
export function isInitMessage(data: unknown): data is InitMessage {
  return typeof data === "object" && data !== null && (data as InitMessage).source === MESSAGE_SOURCE && (data as InitMessage).type === "init";
}

/** Builds one scanner → host message. */
export function buildScannerMessage<T extends ScannerEventType>(
  type: T,
  sessionId: string,
  payload: ScannerEventPayloads[T],
): ScannerMessage {
  return { ...payload, source: MESSAGE_SOURCE, type, session_id: sessionId } as ScannerMessage;
}
