import { formatDateTime, formatNumber } from "../format";
import { SessionLink } from "../sessions/session-cells";
import type { LedgerEntry } from "../types";
import { EmptyState } from "../ui/layout-parts";
import { DataTable, type Column } from "../ui/data-table";

const REASONS: Record<LedgerEntry["reason"], string> = {
  signup_grant: "Sign-up grant",
  topup: "Top-up",
  session: "Document scanned",
  adjustment: "Adjustment",
};

/** Every change to the balance, newest first (up to 200): the sum of the changes is the balance. */
export function LedgerTable({ ledger }: { ledger: LedgerEntry[] }) {
  if (ledger.length === 0) {
    return <EmptyState title="No entries yet">Top-ups and scanned documents appear here.</EmptyState>;
  }
  return (
    <DataTable
      label="Ledger"
      caption={`The newest ${ledger.length === 1 ? "entry" : `${formatNumber(ledger.length)} entries`}, newest first.`}
      columns={COLUMNS}
      rows={ledger}
      rowKey={(e) => e.id}
      testId="ledger"
    />
  );
}

const COLUMNS: Column<LedgerEntry>[] = [
  { label: "Reason", cell: (e) => REASONS[e.reason] ?? e.reason },
  { label: "Change", numeric: true, cell: (e) => <span className={e.delta < 0 ? "c-delta--minus" : "c-delta--plus"}>{e.delta > 0 ? `+${formatNumber(e.delta)}` : `−${formatNumber(-e.delta)}`}</span> },
  { label: "Balance after", numeric: true, cell: (e) => formatNumber(e.balance_after) },
  { label: "Session", cell: (e) => (e.session_id ? <SessionLink id={e.session_id} /> : "—") },
  { label: "Note", className: "c-note", cell: (e) => e.note ?? "—" },
  { label: "When", className: "c-date", cell: (e) => formatDateTime(e.created_at) },
];
