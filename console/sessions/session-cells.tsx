import Link from "next/link";
import { formatDateTime, formatNumber } from "../format";
import { metadataLines } from "../session-text";
import type { SessionSummary } from "../types";
import type { Column } from "../ui/data-table";
import { ModeBadge, RedactedBadge, StatusBadge } from "../ui/status-badge";

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

type Row = Pick<SessionSummary, "id" | "status" | "mode" | "pages" | "created_at"> & { redacted?: boolean };

/** The columns every session table shares: id, status (marked when redacted), mode, pages, created. */
export function sessionColumns<T extends Row>(): Column<T>[] {
  return [
    { label: "Session", cell: (s) => <SessionLink id={s.id} /> },
    {
      label: "Status",
      cell: (s) => (
        <>
          <StatusBadge status={s.status} /> {s.redacted && <RedactedBadge />}
        </>
      ),
    },
    { label: "Mode", cell: (s) => <ModeBadge mode={s.mode} /> },
    { label: "Pages", numeric: true, cell: (s) => (s.pages ? formatNumber(s.pages) : "—") },
    { label: "Created", className: "c-date", cell: (s) => formatDateTime(s.created_at) },
  ];
}

/** The list's extra columns: the metadata as `key: value` lines, and when it completed (or expires). */
export const SESSION_LIST_COLUMNS: Column<SessionSummary>[] = [
  ...sessionColumns<SessionSummary>(),
  { label: "Metadata", className: "c-meta-cell", cell: (s) => <MetadataLines metadata={s.metadata} /> },
  { label: "Completed / expires", className: "c-date", cell: (s) => <FinishedOrExpires session={s} /> },
];

function MetadataLines({ metadata }: { metadata: Record<string, unknown> }) {
  const lines = metadataLines(metadata);
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="c-meta-lines">
      {lines.map((line, i) => (
        <li key={i}>
          <bdi>{line}</bdi>
        </li>
      ))}
    </ul>
  );
}

/** A finished session says when it completed; any other, when it expires (or expired). */
function FinishedOrExpires({ session }: { session: SessionSummary }) {
  if (session.completed_at) return <>Completed {formatDateTime(session.completed_at)}</>;
  const past = Date.parse(session.expires_at) <= Date.now();
  return (
    <span className="c-muted">
      {past ? "Expired" : "Expires"} {formatDateTime(session.expires_at)}
    </span>
  );
}
