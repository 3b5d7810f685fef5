"use client";

import { useState } from "react";
import { formatDateTime, formatNumber } from "../format";
import { metadataPreview } from "../session-text";
import { SESSION_LIST_LIMIT, SESSION_LIST_PATH } from "../sessions/session-list";
import { SessionCells, SessionHeadCells } from "../sessions/session-cells";
import type { SessionStatus, SessionSummary } from "../types";
import { DataGate } from "../ui/data-gate";
import { SelectField } from "../ui/field";
import { Card, EmptyState, PageHeader } from "../ui/layout-parts";
import { STATUS_WORDS } from "../ui/status-badge";
import { useApiData } from "../use-api-data";
import { TableScroll } from "../ui/table-scroll";

const STATUSES = Object.keys(STATUS_WORDS) as SessionStatus[];

/** `/console/sessions`: the newest 200 sessions with a status filter applied in this page. */
export function SessionsPage() {
  const list = useApiData<{ sessions: SessionSummary[] }>(SESSION_LIST_PATH);
  const [status, setStatus] = useState<SessionStatus | "all">("all");
  return (
    <>
      <PageHeader title="Sessions" intro={`Your ${SESSION_LIST_LIMIT} newest sessions, test and live, newest first. Open one to see its metadata.`} />
      <Card>
        <DataGate state={list} what="your sessions">
          {({ sessions }) => {
            const count = (s: SessionStatus) => sessions.filter((x) => x.status === s).length;
            const shown = status === "all" ? sessions : sessions.filter((s) => s.status === status);
            return (
              <>
                <div className="c-filter">
                  <SelectField
                    label="Status"
                    value={status}
                    onChange={(e) => setStatus(e.target.value as SessionStatus | "all")}
                    options={[{ value: "all", label: `All statuses (${sessions.length})` }, ...STATUSES.map((s) => ({ value: s, label: `${STATUS_WORDS[s]} (${count(s)})` }))]}
                    hint={`Filters the ${SESSION_LIST_LIMIT} newest sessions in this page.`}
                  />
                  <p role="status" className="c-muted" data-testid="sessions-count">
                    Showing {formatNumber(shown.length)} of {formatNumber(sessions.length)}.
                  </p>
                </div>
                {sessions.length === 0 ? (
                  <EmptyState title="No sessions yet">
                    <p>
                      Sessions appear here when your server creates one with a secret key (<code>POST /v1/sessions</code>) or when you <a href="/demo">try the demo</a>.
                    </p>
                  </EmptyState>
                ) : shown.length === 0 ? (
                  <EmptyState title={`No ${STATUS_WORDS[status as SessionStatus].toLowerCase()} sessions`}>Choose another status, or “All statuses”.</EmptyState>
                ) : (
                  <SessionsTable sessions={shown} />
                )}
              </>
            );
          }}
        </DataGate>
      </Card>
    </>
  );
}

function SessionsTable({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <TableScroll label="Sessions">
      <table className="c-table" data-testid="sessions-table">
        <caption className="c-visually-hidden">Sessions, newest first</caption>
        <thead>
          <tr>
            <SessionHeadCells />
            <th scope="col">Metadata</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <SessionCells session={s} />
              <td>
                <bdi className="c-meta-preview c-mono">{metadataPreview(s.metadata) || "—"}</bdi>
              </td>
              <td className="c-date">{formatDateTime(s.created_at)}</td>
              <td className="c-date">{formatDateTime(s.expires_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
