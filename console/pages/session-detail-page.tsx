"use client";

import Link from "next/link";
import { formatDateTime, formatNumber } from "../format";
import { metadataPretty } from "../session-text";
import { SESSION_LIST_LIMIT, SESSION_LIST_PATH } from "../sessions/session-list";
import type { SessionSummary } from "../types";
import { CopyButton } from "../ui/copy-button";
import { DataGate } from "../ui/data-gate";
import { Card, EmptyState, PageHeader } from "../ui/layout-parts";
import { ModeBadge, StatusBadge } from "../ui/status-badge";
import { useApiData } from "../use-api-data";

/**
 * `/console/sessions/[id]`: the console API has no single-session read, so the detail is
 * the session's entry in the newest-200 list. The scanned file is not served to the console.
 */
export function SessionDetailPage({ id }: { id: string }) {
  const list = useApiData<{ sessions: SessionSummary[] }>(SESSION_LIST_PATH);
  return (
    <>
      <p className="c-back">
        <Link href="/console/sessions">← All sessions</Link>
      </p>
      <PageHeader title="Session" />
      <DataGate state={list} what="the session">
        {({ sessions }) => {
          const session = sessions.find((s) => s.id === id);
          return session ? (
            <SessionDetail session={session} />
          ) : (
            <Card>
              <EmptyState title="Session not found">
                <p>
                  It is not among your {SESSION_LIST_LIMIT} newest sessions, or it belongs to another account. Your server can still read any of its sessions with a secret key (<code>GET /v1/sessions/:id</code>).
                </p>
              </EmptyState>
            </Card>
          );
        }}
      </DataGate>
    </>
  );
}

function SessionDetail({ session: s }: { session: SessionSummary }) {
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
            <StatusBadge status={s.status} />
          </dd>
          <dt>Mode</dt>
          <dd>
            <ModeBadge mode={s.mode} />
          </dd>
          <dt>Pages</dt>
          <dd>{s.pages ? formatNumber(s.pages) : "—"}</dd>
          <dt>Created</dt>
          <dd>{formatDateTime(s.created_at)}</dd>
          <dt>Expires</dt>
          <dd>{formatDateTime(s.expires_at)}</dd>
        </dl>
      </Card>
      <Card title="Metadata" titleId="metadata">
        <p className="c-muted">Exactly what your server sent when it created the session.</p>
        <pre className="c-meta-full" data-testid="session-metadata" tabIndex={0} aria-labelledby="metadata">
          {metadataPretty(s.metadata)}
        </pre>
      </Card>
      <Card title="The scanned document" titleId="result">
        <p>
          The console does not hand out result files. Your server gets the file of a completed session in two ways: read the session with a secret key (<code className="c-break">GET /v1/sessions/{s.id}</code> returns <code>result.url</code>, a short-lived signed link), or receive the <code>scan.completed</code> webhook, which carries the same result.
        </p>
        <p>
          <Link href="/console/keys">API keys</Link> · <Link href="/console/webhooks">Webhooks</Link>
        </p>
      </Card>
    </>
  );
}
