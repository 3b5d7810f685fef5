import type { DeliveryAttempt } from "../db/schema";
import type { DeliveryRow } from "./claim-deliveries";

export interface DeliveryView {
  id: string;
  session_id: string;
  event: string;
  event_id: string;
  url: string;
  status: string;
  /** Attempts recorded before bodies were kept read `response_body: null`. */
  attempts: Required<DeliveryAttempt>[];
  payload: string;
  created_at: string;
  replay_of: string | null;
  /** When the next attempt is due; null once the delivery has succeeded or failed. */
  next_attempt_at: string | null;
}

/** A delivery as the console shows it (SPEC.md, Webhook delivery); the signing secret never leaves. */
export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    session_id: row.sessionId,
    event: row.event,
    event_id: row.eventId,
    url: row.url,
    status: row.status,
    attempts: row.attempts.map((a) => ({ ...a, response_body: a.response_body ?? null })),
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
    replay_of: row.replayOf,
    next_attempt_at: row.status === "pending" && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  };
}
