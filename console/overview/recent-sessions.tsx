import Link from "next/link";
import { sessionColumns } from "../sessions/session-cells";
import type { Analytics } from "../types";
import { DataTable } from "../ui/data-table";
import { EmptyState } from "../ui/layout-parts";

const COLUMNS = sessionColumns<Analytics["recent"][number]>();

/** The newest sessions of the window, each linking to its detail. */
export function RecentSessions({ recent, days }: { recent: Analytics["recent"]; days: number }) {
  if (recent.length === 0) {
    return (
      <EmptyState title={`No sessions in the last ${days} days`}>
        <p>
          Sessions appear here when your server creates one with a secret key (<code>POST /v1/sessions</code>) or when you <a href="/demo">try the demo</a>.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <DataTable label="Recent sessions" caption={`The newest sessions of the last ${days} days`} captionHidden columns={COLUMNS} rows={recent} rowKey={(s) => s.id} testId="recent-table" />
      <p>
        <Link href="/console/sessions">All sessions</Link>
      </p>
    </>
  );
}
