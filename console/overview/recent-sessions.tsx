import Link from "next/link";
import { formatDateTime } from "../format";
import { SessionCells, SessionHeadCells } from "../sessions/session-cells";
import type { Analytics } from "../types";
import { EmptyState } from "../ui/layout-parts";
import { TableScroll } from "../ui/table-scroll";

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
      <TableScroll label="Recent sessions">
        <table className="c-table" data-testid="recent-table">
          <caption className="c-visually-hidden">The newest sessions of the last {days} days</caption>
          <thead>
            <tr>
              <SessionHeadCells />
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((s) => (
              <tr key={s.id}>
                <SessionCells session={s} />
                <td className="c-nowrap">{formatDateTime(s.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        <Link href="/console/sessions">All sessions</Link>
      </p>
    </>
  );
}
