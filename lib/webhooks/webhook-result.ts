import type { ScanResult } from "../../scanner/contract";
import type { Config } from "../config";
import { resultView, type ResultFile } from "../files/result-view";
import { retrySpanMs } from "./retry-delay";

/**
 * The `result` a `scan.completed` payload carries. The payload is serialised once and every
 * retry sends those same signed bytes, so its `result.url` must still work at the last
 * retry: the link lives for the whole retry schedule plus FILE_URL_TTL, and even the third
 * attempt (25 min later by default) hands the receiver a link with a full FILE_URL_TTL left.
 */
export function webhookResultView(
  config: Pick<Config, "appSecret" | "publicBaseUrl" | "fileUrlTtlMs" | "webhookRetryBaseMs">,
  file: ResultFile,
  now: Date,
): ScanResult {
  return resultView({ ...config, fileUrlTtlMs: config.fileUrlTtlMs + retrySpanMs(config.webhookRetryBaseMs) }, file, now)!;
}
