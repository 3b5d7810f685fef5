import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { errorFields, log } from "../log";
import type { SessionFilters } from "./list-query";
import { listSessionPage } from "./list-sessions";
import { summaryView } from "./views";
import { startTenantExport } from "./export-lock";

/** More rows than this make the export stop (and say so in its last line): a download, not a backup. */
export const EXPORT_MAX_ROWS = 50_000;
/** More bytes than this stop it the same way: 16 KB of metadata per row would otherwise reach gigabytes. */
export const EXPORT_MAX_BYTES = 64 * 2 ** 20;
const PAGE = 500;
const COLUMNS = ["id", "status", "mode", "source", "pages", "bytes", "created_at", "expires_at", "metadata"] as const;
const RETRY_AFTER_SECONDS = 5;

export interface ExportCaps {
  maxRows: number;
  maxBytes: number;
}

/**
 * `GET /v1/dashboard/sessions/export`: every session matching the filters as CSV, newest
 * first, read page by page (500 rows) through the same keyset as the list and streamed as it
 * is read, so memory holds one page, not the file. One export per tenant at a time on a server
 * (`429 rate_limited` with `Retry-After` for another). The first page is read before the answer
 * starts, so a database that is down is a `503`; one that fails later ends the stream with an
 * error (the download fails; it never looks complete).
 */
export async function exportSessionsCsv({ ctx, tenantId, filters }: { ctx: Ctx; tenantId: string; filters: SessionFilters }): Promise<ReadableStream<Uint8Array>> {
  const finish = startTenantExport(tenantId);
  if (!finish) {
    throw new ApiError("rate_limited", {
      message: `An export of this account is already running; one runs at a time. Retry after ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  const pages = csvPages(ctx, tenantId, filters);
  try {
    const first = await pages.next();
    return csvStream(first, pages, { maxRows: EXPORT_MAX_ROWS, maxBytes: EXPORT_MAX_BYTES }, finish);
  } catch (err) {
    finish();
    throw err;
  }
}

/** The CSV lines of the matching sessions, one page of the keyset at a time. */
async function* csvPages(ctx: Ctx, tenantId: string, filters: SessionFilters): AsyncGenerator<string[], void, undefined> {
  let cursor: Parameters<typeof listSessionPage>[0]["cursor"];
  for (;;) {
    const page = await listSessionPage({ ctx, tenantId, filters, limit: PAGE, cursor });
    yield page.rows.map((row) => {
      const v = summaryView(row, ctx.now);
      const source = row.createdWith === "console" ? "preview" : "api";
      return [v.id, v.status, v.mode, source, v.pages ?? "", row.file?.bytes ?? "", v.created_at, v.expires_at, JSON.stringify(v.metadata)].map(csvCell).join(",");
    });
    const last = page.rows.at(-1);
    if (!page.nextCursor || !last) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * The CSV file from pages of lines (`first` already read): the header, the lines, and a last
 * line saying where it stopped when the next line would pass `maxRows` or `maxBytes`. A page
 * is read only when the client has taken the previous one. `finish` runs once, however the
 * stream ends (done, stopped at a cap, failed, or cancelled by the client). A page that fails
 * errors the stream: the client's download fails instead of ending early and looking whole.
 */
export function csvStream(first: IteratorResult<string[], void>, rest: AsyncIterator<string[], void>, caps: ExportCaps, finish: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: IteratorResult<string[], void> | null = first;
  let rows = 0;
  let bytes = 0;
  let finished = false;
  const end = () => {
    if (finished) return;
    finished = true;
    finish();
    void rest.return?.().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const header = encoder.encode(`${COLUMNS.join(",")}\r\n`);
        bytes += header.length;
        controller.enqueue(header);
      },
      async pull(controller) {
        try {
          // Until something is enqueued: a pull that enqueues nothing is not called again.
          for (let enqueued = false; !enqueued; ) {
            const page = next ?? (await rest.next());
            next = null;
            if (page.done) {
              end();
              controller.close();
              return;
            }
            for (const line of page.value) {
              const encoded = encoder.encode(`${line}\r\n`);
              const stop = rows >= caps.maxRows ? `${caps.maxRows} rows` : bytes + encoded.length > caps.maxBytes ? `${rows} rows (the ${Math.round(caps.maxBytes / 2 ** 20)} MiB limit of one export)` : null;
              if (stop) {
                controller.enqueue(encoder.encode(`${csvCell(`# stopped after ${stop}: narrow the dates to export the rest`)}\r\n`));
                end();
                controller.close();
                return;
              }
              controller.enqueue(encoded);
              enqueued = true;
              rows++;
              bytes += encoded.length;
            }
          }
        } catch (err) {
          log("error", "session export failed mid-stream; the download is cut off", errorFields(err));
          end();
          controller.error(err);
        }
      },
      cancel() {
        end();
      },
    },
    { highWaterMark: 0 },
  );
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
