import type { ScanResult } from "../../scanner/contract";
import type { Config } from "../config";
import type { files } from "../db/schema";
import { signFileUrl } from "./file-url";

/** The file columns a result is built from. */
export type ResultFile = Pick<typeof files.$inferSelect, "id" | "pageCount" | "bytes" | "contentType" | "pageReports">;

/**
 * A session's `result` with a freshly signed, short-lived `url`; null until a document exists.
 * Session reads, completion answers and webhook payloads (first sends and replays) all build it here.
 */
export function resultView(config: Pick<Config, "appSecret" | "publicBaseUrl" | "fileUrlTtlMs">, file: ResultFile | null, now: Date): ScanResult | null {
  if (!file) return null;
  return {
    url: signFileUrl(config, file.id, now.getTime() + config.fileUrlTtlMs),
    page_count: file.pageCount,
    bytes: file.bytes,
    content_type: file.contentType,
    pages: file.pageReports ?? [],
  };
}
