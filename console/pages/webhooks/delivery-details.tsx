import { formatDateTime } from "../../format";
import type { WebhookDelivery } from "../../types";

/** The last attempt in words: its HTTP status, its transport error, or that none was made yet. */
export function lastAttemptWords(d: WebhookDelivery): string {
  const last = d.attempts.at(-1);
  if (!last) return d.status === "pending" ? "Not attempted yet" : "—";
  return last.response_status !== null ? `HTTP ${last.response_status}` : (last.error ?? "No response");
}

/** Pretty JSON when the payload parses (it always should), else the bytes as sent. */
function readablePayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** One delivery's target, every attempt, and the exact payload that was signed. */
export function DeliveryDetails({ delivery: d }: { delivery: WebhookDelivery }) {
  return (
    <div className="c-delivery-details">
      <p className="c-muted">
        Sent to <code>{d.url}</code> for session <code>{d.session_id}</code>; created {formatDateTime(d.created_at)}.
      </p>
      <h3>Attempts</h3>
      {d.attempts.length === 0 ? (
        <p className="c-muted">No attempt yet; the first one runs within seconds.</p>
      ) : (
        <ol className="c-attempts">
          {d.attempts.map((a, i) => (
            <li key={`${a.at}-${i}`}>
              {formatDateTime(a.at)}: {a.response_status !== null ? `HTTP ${a.response_status}` : `no response (${a.error ?? "unknown error"})`}, {a.ms} ms
            </li>
          ))}
        </ol>
      )}
      <h3>Payload</h3>
      <p className="c-muted">Formatted for reading; the request body was this JSON on one line, exactly as signed.</p>
      <pre tabIndex={0} aria-label={`Payload of delivery ${d.id}`}>
        {readablePayload(d.payload)}
      </pre>
    </div>
  );
}
