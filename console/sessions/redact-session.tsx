"use client";

import { useState } from "react";
import { api } from "../api";
import { formatDateTime } from "../format";
import type { RedactionAuditEntry, SessionDetail, WebhookDelivery } from "../types";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Card } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { useFormAction } from "../use-form-action";

export interface SessionDetailData {
  session: SessionDetail;
  deliveries: WebhookDelivery[];
  audit: RedactionAuditEntry[];
}

/**
 * The session's data-protection card: the Redact action behind a confirmation that says what
 * goes and what stays, and the audit trail (who redacted, and redactions storage held up).
 */
export function RedactSession({ detail, onRedacted }: { detail: SessionDetailData; onRedacted: (d: SessionDetailData) => void }) {
  const { session: s, audit } = detail;
  const [open, setOpen] = useState(false);
  const action = useFormAction();
  async function confirm() {
    const done = await action.run(() => api.post<SessionDetailData>(`/v1/dashboard/sessions/${encodeURIComponent(s.id)}/redact`, {}));
    if (!done) return;
    setOpen(false);
    onRedacted(done);
  }
  const live = s.status === "created" || s.status === "opened" || s.status === "scanning";
  return (
    <Card title="Data protection" titleId="data-protection">
      {s.redacted ? (
        <p data-testid="redacted-note">
          Redacted {s.redacted_at && formatDateTime(s.redacted_at)}: the document, page pictures, metadata, page text and webhook payloads are gone.
        </p>
      ) : (
        <>
          <p className="c-muted">
            Redacting removes this session&apos;s personal data for good, for example to honour a deletion request (<a href="/docs/guides/data-protection">what is stored and what goes</a>).
          </p>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Redact…
          </Button>
        </>
      )}
      <Notice tone="error">{!open ? action.problem : null}</Notice>
      <ConfirmDialog open={open} title="Redact this session?" confirmLabel="Redact for good" busy={action.busy} onConfirm={() => void confirm()} onCancel={() => setOpen(false)}>
        <p>
          <strong>Removed:</strong> the document and its page pictures, the metadata, each page&apos;s text, and the stored bodies of this session&apos;s webhook deliveries (a replay sends
          the redacted body).
        </p>
        <p>
          <strong>Kept:</strong> the session&apos;s id, status, times and mode, and the credit it spent. Your endpoint receives <code>session.redacted</code>.
        </p>
        {live && <p>The session is still open: it fails now and its scanner link stops working.</p>}
        <p>This cannot be undone.</p>
        <Notice tone="error">{action.problem}</Notice>
      </ConfirmDialog>
      {audit.length > 0 && (
        <>
          <h3 className="c-subtitle">Audit trail</h3>
          <ul className="c-audit" data-testid="redaction-audit">
            {audit.map((e, i) => (
              <li key={i}>
                {formatDateTime(e.at)}: {e.outcome === "redacted" ? "redacted" : "storage failed; retried automatically"} by {actorWords(e.actor)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function actorWords(actor: RedactionAuditEntry["actor"]): string {
  if (actor.kind === "retention_policy") return "the retention policy";
  if (actor.kind === "console_user") return `console user ${actor.label ?? actor.id}`;
  return `API key ${actor.label ?? actor.id}`;
}
