"use client";

import { useState } from "react";
import { DataTable, type Column } from "../../ui/data-table";
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

  const columns: Column<WebhookDelivery>[] = [
    {
      label: "Event",
      cell: (d) => (
        <>
          <code>{d.event}</code>
          <span className="c-cell-note c-mono">{d.id}</span>
          {d.replay_of && (
            <span className="c-cell-note">
              Replay of <span className="c-mono">{d.replay_of}</span>
            </span>
          )}
        </>
      ),
    },
    { label: "Status", cell: (d) => <span className={`c-badge ${STATUS_BADGE[d.status]}`}>{STATUS_WORDS[d.status]}</span> },
    { label: "Attempts", numeric: true, cell: (d) => d.attempts.length },
    {
      label: "Last attempt",
      cell: (d) => (
        <>
          {lastAttemptWords(d)}
          {d.attempts.length > 0 && <span className="c-cell-note">{formatDateTime(d.attempts.at(-1)!.at)}</span>}
        </>
      ),
    },
    { label: "Next retry", cell: (d) => (d.next_attempt_at ? formatDateTime(d.next_attempt_at) : "—") },
    {
      label: "Actions",
      hideLabel: true,
      cell: (d) => (
        <div className="c-actions">
          <Button variant="ghost" aria-expanded={open === d.id} aria-controls={`details-${d.id}`} onClick={() => setOpen(open === d.id ? null : d.id)} aria-label={`${open === d.id ? "Hide details" : "Details"} of ${d.event} delivery ${d.id}`}>
            {open === d.id ? "Hide details" : "Details"}
          </Button>
          <Button variant="secondary" onClick={() => replayDelivery(d.id)} busy={replaying === d.id} busyLabel="Replaying…" disabled={replaying !== null} aria-label={`Replay ${d.event} delivery ${d.id}`}>
            Replay
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <Notice tone="error">{replay.problem}</Notice>
      <DataTable
        label="Webhook deliveries"
        caption="Webhook deliveries, newest first"
        captionHidden
        wrapClassName="c-table-wrap--details"
        columns={columns}
        rows={deliveries}
        rowKey={(d) => d.id}
        rowAttrs={(d) => ({ "data-delivery-id": d.id, className: d.id === highlightId ? "c-row--new" : undefined })}
        expanded={(d) => (open === d.id ? { id: `details-${d.id}`, content: <DeliveryDetails delivery={d} /> } : null)}
        testId="deliveries-table"
      />
    </>
  );
}
