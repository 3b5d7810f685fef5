import { Fragment, type ReactNode } from "react";
import { TableScroll } from "./table-scroll";

export interface Column<T> {
  /** The header, and the label in front of the value on a phone card. */
  label: string;
  /** Header read by screen readers only (an actions column). */
  hideLabel?: boolean;
  numeric?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Names the scroll region. */
  label: string;
  caption: ReactNode;
  captionHidden?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Extra attributes of a row: a class, `data-*` hooks for tests. */
  rowAttrs?: (row: T) => Record<string, string | undefined>;
  /** A full-width row under a row (details opened on demand), or null. */
  expanded?: (row: T) => { id: string; content: ReactNode } | null;
  testId?: string;
  wrapClassName?: string;
}

/**
 * Every console table: a real table on wide screens; under 640 px each row becomes a card
 * of label–value lines (console.css, `.c-table--cards`), so no action sits off-screen.
 * Each cell carries its column's label for that layout.
 */
export function DataTable<T>({ label, caption, captionHidden, columns, rows, rowKey, rowAttrs, expanded, testId, wrapClassName }: DataTableProps<T>) {
  const cellClass = (c: Column<T>) => [c.numeric ? "c-num" : "", c.className ?? ""].join(" ").trim() || undefined;
  return (
    <TableScroll label={label} className={wrapClassName}>
      <table className="c-table c-table--cards" data-testid={testId}>
        <caption className={captionHidden ? "c-visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cellClass(c)}>
                {c.hideLabel ? <span className="c-visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const more = expanded?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr {...rowAttrs?.(row)}>
                  {columns.map((c) => (
                    <td key={c.label} data-label={c.hideLabel ? "" : c.label} className={cellClass(c)}>
                      {/* One box per value, so a phone card's label sits beside all of it. */}
                      <div>{c.cell(row)}</div>
                    </td>
                  ))}
                </tr>
                {more && (
                  <tr id={more.id} className="c-row--details">
                    <td colSpan={columns.length} data-label="">
                      {more.content}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
