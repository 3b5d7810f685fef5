"use client";

import { useEffect, useState } from "react";
import { formatNumber } from "../format";
import { describeError } from "../messages";
import { SessionFilterForm } from "../sessions/session-filter-form";
import { filterQuery, filtersFrom, NO_FILTERS, pageQuery, sessionExportPath, type SessionFilters } from "../sessions/session-list";
import { SESSION_LIST_COLUMNS } from "../sessions/session-cells";
import { useSessionPages } from "../sessions/use-session-pages";
import { Button } from "../ui/button";
import { DataTable } from "../ui/data-table";
import { Card, EmptyState, Loading, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";

/** `/console/sessions`: every session, searched and filtered by the API, a page at a time, exportable as CSV. */
export function SessionsPage() {
  const [filters, setFilters] = useState<SessionFilters | null>(null);
  // The filters live in the page's URL, so a filtered list survives opening a session and coming back.
  useEffect(() => setFilters(filtersFrom(window.location.search)), []);
  function apply(next: SessionFilters) {
    const query = pageQuery(next).toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
    setFilters(next);
  }
  return (
    <>
      <PageHeader title="Sessions" intro="Every session, test and live, newest first. Search by id or by a value your server put in the metadata, such as an order number." />
      <Card>{filters ? <SessionList filters={filters} onApply={apply} /> : <Loading what="your sessions" />}</Card>
    </>
  );
}

function SessionList({ filters, onApply }: { filters: SessionFilters; onApply: (f: SessionFilters) => void }) {
  const pages = useSessionPages(filters);
  const fields = pages.error?.fields ?? {};
  const filtered = filterQuery({ ...filters, source: "api" }).toString() !== filterQuery(NO_FILTERS).toString();
  return (
    <>
      <SessionFilterForm key={JSON.stringify(filters)} applied={filters} fields={fields} onApply={onApply} />
      <Notice tone="error">{pages.error && (Object.keys(fields).length > 0 ? "Check the highlighted filters." : `Could not load your sessions. ${describeError(pages.error)}`)}</Notice>
      {pages.error && Object.keys(fields).length === 0 && (
        <Button variant="secondary" onClick={() => void pages.reload()}>
          Try again
        </Button>
      )}
      {pages.rows === null ? (
        !pages.error && <Loading what="your sessions" />
      ) : pages.rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No session matches">Change the search or the filters, or choose Reset.</EmptyState>
        ) : (
          <EmptyState title="No sessions yet">
            <p>
              Sessions appear here when your server creates one with a secret key (<code>POST /v1/sessions</code>) or when you <a href="/demo">try the demo</a>.
            </p>
          </EmptyState>
        )
      ) : (
        <>
          <div className="c-list-bar">
            <p role="status" className="c-muted" data-testid="sessions-count">
              Showing {formatNumber(pages.rows.length)}
              {pages.hasMore ? ", more below" : pages.rows.length === 1 ? " session" : " sessions"}.
            </p>
            <a className="c-btn c-btn--secondary" href={sessionExportPath(filters)} download>
              Export CSV
            </a>
          </div>
          <DataTable label="Sessions" caption="Sessions, newest first" captionHidden columns={SESSION_LIST_COLUMNS} rows={pages.rows} rowKey={(s) => s.id} testId="sessions-table" />
          {pages.hasMore && (
            <Button variant="secondary" onClick={() => void pages.more()} busy={pages.busy} busyLabel="Loading…">
              Show more sessions
            </Button>
          )}
        </>
      )}
    </>
  );
}
