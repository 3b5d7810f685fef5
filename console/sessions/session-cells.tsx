import Link from "next/link";
import { formatNumber } from "../format";
import type { SessionSummary } from "../types";
import { ModeBadge, StatusBadge } from "../ui/status-badge";

/** Where a session's detail lives in the console. */
export const sessionHref = (id: string) => `/console/sessions/${encodeURIComponent(id)}`;

/** A link to a session's detail, named by its id. */
export function SessionLink({ id }: { id: string }) {
  return (
    <Link href={sessionHref(id)} className="c-mono">
      {id}
    </Link>
  );
}

/** The first four columns every session table shares: id, status, mode, pages. */
export function SessionHeadCells() {
  return (
    <>
      <th scope="col">Session</th>
      <th scope="col">Status</th>
      <th scope="col">Mode</th>
      <th scope="col" className="c-num">
        Pages
      </th>
    </>
  );
}

export function SessionCells({ session: s }: { session: Pick<SessionSummary, "id" | "status" | "mode" | "pages"> }) {
  return (
    <>
      <td>
        <SessionLink id={s.id} />
      </td>
      <td>
        <StatusBadge status={s.status} />
      </td>
      <td>
        <ModeBadge mode={s.mode} />
      </td>
      <td className="c-num">{s.pages ? formatNumber(s.pages) : "—"}</td>
    </>
  );
}
