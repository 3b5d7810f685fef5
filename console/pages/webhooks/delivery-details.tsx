import { formatDateTime } from "../../format";
import type { WebhookDelivery } from "../../types";

/** The last attempt in words: its HTTP status, its transport error, or that none was made yet. */
export function lastAttemptWords(d: WebhookDelivery): string {
  const last = d.attempts.at(-1);
  if (!last) return d.status === "pending" ? "Not attempted yet" : "—";
  return last.response_status !== null ? `HTTP ${last.response_status}` : (last.error ?? "No response");
}

/** One attempt in words: when, the receiver's status and the start of its answer, or the transport error. */
function attemptWords(a: WebhookDelivery["attempts"][number]): string {
  const answer = a.response_status !== null ? `HTTP ${a.response_status}` : `no response (${a.error ?? "unknown error"})`;
  return `${formatDateTime(a.at)}: ${answer}, ${a.ms} ms`;
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
              {attemptWords(a)}
              {a.response_body ? (
                <pre className="c-answer" tabIndex={0} aria-label={`The receiver's answer to attempt ${i + 1}`}>
                  {a.response_body}
                </pre>
              ) : a.response_status !== null ? (
                <span className="c-cell-note">The receiver answered with an empty body.</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {d.next_attempt_at && <p data-testid="next-retry">Next attempt due {formatDateTime(d.next_attempt_at)}: up to three attempts in all, then the delivery is marked failed and can be replayed.</p>}
      <h3>Payload</h3>
      <p className="c-muted">Formatted for reading; the request body was this JSON on one line, exactly as signed.</p>
      <pre tabIndex={0} aria-label={`Payload of delivery ${d.id}`}>
        {readablePayload(d.payload)}
      </pre>
    </div>
  );
}
