"use client";

import Link from "next/link";
import { formatDateTime, formatNumber } from "../format";
import { metadataPretty } from "../session-text";
import { PageReportList } from "../sessions/page-report-list";
import { DocumentCard } from "../sessions/document-card";
import { SessionDeliveries } from "../sessions/session-deliveries";
import { RedactSession, type SessionDetailData } from "../sessions/redact-session";
import { CopyButton } from "../ui/copy-button";
import { DataGate } from "../ui/data-gate";
import { Card, EmptyState, PageHeader } from "../ui/layout-parts";
import { ModeBadge, RedactedBadge, StatusBadge } from "../ui/status-badge";
import { useApiData } from "../use-api-data";

/**
 * `/console/sessions/[id]`: one session, read by id: its facts, the document (pictures and a
 * download), the scanner's per-page quality report, the Redact action with its audit trail, and
 * the webhook deliveries of its events.
 */
export function SessionDetailPage({ id }: { id: string }) {
  const read = useApiData<SessionDetailData>(`/v1/dashboard/sessions/${encodeURIComponent(id)}`);
  const missing = read.error?.code === "not_found";
  return (
    <>
      <p className="c-back">
        <Link href="/console/sessions">← All sessions</Link>
      </p>
      <PageHeader title="Session" />
      {missing ? (
        <Card>
          <EmptyState title="Session not found">
            <p>
              No session of this account has this id. Check the link, or find the session in the <Link href="/console/sessions">list</Link>.
            </p>
          </EmptyState>
        </Card>
      ) : (
        <DataGate state={read} what="the session">
          {(detail) => <SessionDetail detail={detail} onRedacted={read.setData} />}
        </DataGate>
      )}
    </>
  );
}

function SessionDetail({ detail, onRedacted }: { detail: SessionDetailData; onRedacted: (d: SessionDetailData) => void }) {
  const { session: s, deliveries } = detail;
  return (
    <>
      <Card>
        <dl className="c-details">
          <dt>Id</dt>
          <dd>
            <code id="session-id" className="c-mono c-break">
              {s.id}
            </code>{" "}
            <CopyButton value={s.id} label="Copy id" fallbackTargetId="session-id" />
          </dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={s.status} /> {s.redacted && <RedactedBadge />}
          </dd>
          <dt>Mode</dt>
          <dd>
            <ModeBadge mode={s.mode} />
          </dd>
          <dt>Pages</dt>
          <dd>{s.pages ? formatNumber(s.pages) : "—"}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(s.created_at)}</dd>
          {s.completed_at ? (
            <>
              <dt>Completed</dt>
              <dd data-testid="session-completed-at">{formatDateTime(s.completed_at)}</dd>
            </>
          ) : (
            <>
              <dt>{Date.parse(s.expires_at) <= Date.now() ? "Expired" : "Expires"}</dt>
              <dd>{formatDateTime(s.expires_at)}</dd>
            </>
          )}
        </dl>
      </Card>
      {s.result && <DocumentCard sessionId={s.id} result={s.result} metadata={s.metadata} />}
      <Card title="Metadata" titleId="metadata">
        <p className="c-muted">{s.redacted ? "Removed by the redaction." : "Exactly what your server sent when it created the session."}</p>
        <pre className="c-meta-full" data-testid="session-metadata" tabIndex={0} aria-labelledby="metadata">
          {metadataPretty(s.metadata)}
        </pre>
      </Card>
      {s.result && s.result.pages.length > 0 && (
        <Card title="Page quality" titleId="page-quality">
          <p className="c-muted">What the scanner measured on each page it delivered. “Good” follows the guides in the sessions reference; your server gets the same numbers as <code>result.pages</code>.</p>
          <PageReportList pages={s.result.pages} />
        </Card>
      )}
      <RedactSession detail={detail} onRedacted={onRedacted} />
      <SessionDeliveries key={deliveries.length} sessionId={s.id} initial={deliveries} />
    </>
  );
}
