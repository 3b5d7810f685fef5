import type { Ctx } from "../context";
import type { SessionFilters } from "./list-query";
import { listSessionPage } from "./list-sessions";
import { summaryView } from "./views";

/** More rows than this make the export stop (and say so in its last line): a download, not a backup. */
export const EXPORT_MAX_ROWS = 50_000;
const PAGE = 500;
const COLUMNS = ["id", "status", "mode", "source", "pages", "bytes", "created_at", "expires_at", "metadata"] as const;

/**
 * `GET /v1/dashboard/sessions/export`: every session matching the filters as CSV, newest
 * first, read page by page through the same keyset as the list.
 */
export async function exportSessionsCsv({ ctx, tenantId, filters }: { ctx: Ctx; tenantId: string; filters: SessionFilters }): Promise<string> {
  const lines = [COLUMNS.join(",")];
  let cursor: Parameters<typeof listSessionPage>[0]["cursor"];
  for (let count = 0; count < EXPORT_MAX_ROWS; ) {
    const page = await listSessionPage({ ctx, tenantId, filters, limit: Math.min(PAGE, EXPORT_MAX_ROWS - count), cursor });
    for (const row of page.rows) {
      const v = summaryView(row, ctx.now);
      const source = row.createdWith === "console" ? "preview" : "api";
      lines.push([v.id, v.status, v.mode, source, v.pages ?? "", row.file?.bytes ?? "", v.created_at, v.expires_at, JSON.stringify(v.metadata)].map(csvCell).join(","));
    }
    count += page.rows.length;
    const last = page.rows.at(-1);
    if (!page.nextCursor || !last) return `${lines.join("\r\n")}\r\n`;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
  lines.push(csvCell(`# stopped after ${EXPORT_MAX_ROWS} rows: narrow the dates to export the rest`));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * One RFC 4180 cell. Text a spreadsheet would run as a formula (leading = + - @, tab or CR)
 * gets a leading apostrophe: metadata is the integrator's (or a browser's) input.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
