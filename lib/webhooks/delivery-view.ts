import type { DeliveryAttempt } from "../db/schema";
import type { DeliveryRow } from "./claim-deliveries";

export interface DeliveryView {
  id: string;
  session_id: string;
  event: string;
  event_id: string;
  url: string;
  status: string;
  attempts: DeliveryAttempt[];
  payload: string;
  created_at: string;
  replay_of: string | null;
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
    attempts: row.attempts,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
    replay_of: row.replayOf,
  };
}
