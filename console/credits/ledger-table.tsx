import { formatDateTime, formatNumber } from "../format";
import { SessionLink } from "../sessions/session-cells";
import type { LedgerEntry } from "../types";
import { EmptyState } from "../ui/layout-parts";
import { TableScroll } from "../ui/table-scroll";

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
    <TableScroll label="Ledger">
      <table className="c-table" data-testid="ledger">
        <caption>The newest {ledger.length === 1 ? "entry" : `${formatNumber(ledger.length)} entries`}, newest first.</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col" className="c-num">
              Change
            </th>
            <th scope="col" className="c-num">
              Balance after
            </th>
            <th scope="col">Session</th>
            <th scope="col">Note</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((e) => (
            <tr key={e.id}>
              <td>{REASONS[e.reason] ?? e.reason}</td>
              <td className={e.delta < 0 ? "c-num c-delta--minus" : "c-num c-delta--plus"}>{e.delta > 0 ? `+${formatNumber(e.delta)}` : `−${formatNumber(-e.delta)}`}</td>
              <td className="c-num">{formatNumber(e.balance_after)}</td>
              <td>
                {e.session_id ? (
                  <SessionLink id={e.session_id} />
                ) : (
                  "—"
                )}
              </td>
              <td className="c-note">{e.note ?? "—"}</td>
              <td className="c-date">{formatDateTime(e.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
