import Link from "next/link";
import { formatDateTime, formatNumber } from "../format";
import { metadataPreview } from "../session-text";
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

/** The list's extra columns: the metadata's start and the expiry. */
export const SESSION_LIST_COLUMNS: Column<SessionSummary>[] = [
  ...sessionColumns<SessionSummary>(),
  { label: "Metadata", cell: (s) => <bdi className="c-meta-preview c-mono">{metadataPreview(s.metadata) || "—"}</bdi> },
  { label: "Expires", className: "c-date", cell: (s) => formatDateTime(s.expires_at) },
];
