/** The event names a tenant can subscribe to (SPEC.md, Events). */
export const WEBHOOK_EVENTS = ["scan.completed", "scan.failed", "session.redacted", "test.ping"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The subscription used when a tenant saves an empty list. */
export const DEFAULT_EVENTS: WebhookEvent[] = ["scan.completed"];

/** Attempts per delivery before it is `failed` (SPEC.md, Limits). */
export const MAX_ATTEMPTS = 3;

/** The JSON body every delivery sends, serialised once and stored as the signed bytes. */
export interface WebhookPayload {
  /** The event's id: the same on every retry and replay, so a receiver can drop duplicates. */
  id: string;
  type: WebhookEvent;
  session_id: string;
  metadata: Record<string, unknown>;
  result: Record<string, unknown> | null;
  created_at: string;
  /** Session events: the kind of key that opened the session (null for sessions older than the field). */
  created_with?: string | null;
}

/**
 * A stored payload with the session's data taken out (lib/redaction): the same event, id,
 * type and time, with empty `metadata` and no `result`. Every later attempt and replay of
 * the delivery sends these bytes.
 */
export function redactedPayload(stored: string): string {
  const sent = JSON.parse(stored) as WebhookPayload;
  return serialisePayload({ ...sent, metadata: {}, result: null });
}

/** Serialises a payload once; the string is stored and every attempt sends these exact bytes. */
export function serialisePayload(p: WebhookPayload): string {
  const base = { id: p.id, type: p.type, session_id: p.session_id, metadata: p.metadata, result: p.result, created_at: p.created_at };
  return JSON.stringify(p.created_with === undefined ? base : { ...base, created_with: p.created_with });
}
