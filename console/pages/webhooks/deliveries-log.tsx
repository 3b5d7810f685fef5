"use client";

import { TableScroll } from "../../ui/table-scroll";
import { Fragment, useState } from "react";
import { api } from "../../api";
import { formatDateTime } from "../../format";
import type { WebhookDelivery } from "../../types";
import { useFormAction } from "../../use-form-action";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { DeliveryDetails, lastAttemptWords } from "./delivery-details";

const STATUS_BADGE = { succeeded: "c-badge--success", failed: "c-badge--danger", pending: "c-badge--warning" } as const;
const STATUS_WORDS = { succeeded: "Succeeded", failed: "Failed", pending: "Pending" } as const;

interface DeliveriesLogProps {
  deliveries: WebhookDelivery[];
  /** The delivery the last action created (a ping or a replay), marked in the table. */
  highlightId: string | null;
  onReplayed: (delivery: WebhookDelivery, originalId: string) => void;
}

/** The delivery log: one row per delivery, its attempts and payload on demand, replay per row. */
export function DeliveriesLog({ deliveries, highlightId, onReplayed }: DeliveriesLogProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [replaying, setReplaying] = useState<string | null>(null);
  const replay = useFormAction({ not_found: "That delivery no longer exists. Reload the page to see the current log." });

  async function replayDelivery(id: string) {
    setReplaying(id);
    const answer = await replay.run(() => api.post<{ delivery: WebhookDelivery }>(`/v1/dashboard/webhook/deliveries/${encodeURIComponent(id)}/replay`));
    setReplaying(null);
    if (answer) onReplayed(answer.delivery, id);
  }

  return (
    <>
      <Notice tone="error">{replay.problem}</Notice>
      <TableScroll label="Webhook deliveries" className="c-table-wrap--details">
        <table className="c-table" data-testid="deliveries-table">
          <caption className="c-visually-hidden">Webhook deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" className="c-num">
                Attempts
              </th>
              <th scope="col">Last response</th>
              <th scope="col">Last attempt</th>
              <th scope="col">
                <span className="c-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <Fragment key={d.id}>
                <tr data-delivery-id={d.id} className={d.id === highlightId ? "c-row--new" : undefined}>
                  <td>
                    <code>{d.event}</code>
                    <span className="c-cell-note c-mono">{d.id}</span>
                    {d.replay_of && <span className="c-cell-note">Replay of <span className="c-mono">{d.replay_of}</span></span>}
                  </td>
                  <td>
                    <span className={`c-badge ${STATUS_BADGE[d.status]}`}>{STATUS_WORDS[d.status]}</span>
                  </td>
                  <td className="c-num">{d.attempts.length}</td>
                  <td>{lastAttemptWords(d)}</td>
                  <td className="c-nowrap">{formatDateTime(d.attempts.at(-1)?.at ?? null)}</td>
                  <td>
                    <div className="c-actions c-actions--nowrap">
                      <Button variant="ghost" aria-expanded={open === d.id} aria-controls={`details-${d.id}`} onClick={() => setOpen(open === d.id ? null : d.id)} aria-label={`${open === d.id ? "Hide details" : "Details"} of ${d.event} delivery ${d.id}`}>
                        {open === d.id ? "Hide details" : "Details"}
                      </Button>
                      <Button variant="secondary" onClick={() => replayDelivery(d.id)} busy={replaying === d.id} busyLabel="Replaying…" disabled={replaying !== null} aria-label={`Replay ${d.event} delivery ${d.id}`}>
                        Replay
                      </Button>
                    </div>
                  </td>
                </tr>
                {open === d.id && (
                  <tr id={`details-${d.id}`} className="c-row--details">
                    <td colSpan={6}>
                      <DeliveryDetails delivery={d} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
