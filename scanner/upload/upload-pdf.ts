import type { PageReport, ScanResult, ScannerConfig } from "../contract";
import { ScanFailure, isRetryable } from "./errors";
import { sendRequest, type HttpRequest } from "./http";

/** Largest PDF sent in one `POST /v1/scanner/upload` (the hosted API caps bodies at 4.5 MB). */
export const ONE_STEP_MAX_BYTES = 4 * 1024 * 1024;
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];

export interface UploadHooks {
  onProgress(fraction: number): void;
  /** A transport failure happened; the next attempt starts after `delayMs`. */
  onRetry(attempt: number, delayMs: number): void;
  sleep?: (ms: number) => Promise<void>;
  /** The transport (XMLHttpRequest by default; a fake in unit tests). */
  send?: (r: HttpRequest) => Promise<unknown>;
}

/**
 * Sends the PDF: one multipart POST when small, otherwise PUT to `upload.url`
 * then `complete`. Transport failures, 408, 429 and 5xx are retried with backoff;
 * any other answer (410 expired, 409 used, 413, ...) ends the upload at once.
 * `reports` (one per page, in page order) go with it: the multipart field `report` (JSON
 * text, ahead of the file) or the complete call's `report`; they are left out unless there is
 * one for every page.
 */
export async function uploadPdf(cfg: ScannerConfig, pdf: Blob, pages: number, hooks: UploadHooks, reports: PageReport[] = []): Promise<ScanResult> {
  if (pdf.size > cfg.upload.max_bytes) throw new ScanFailure("too_large");
  const send = hooks.send ?? sendRequest;
  const report = reports.length === pages ? reports : null;
  if (pdf.size <= ONE_STEP_MAX_BYTES) {
    const body = () => {
      const form = new FormData();
      form.set("session", cfg.client_token);
      form.set("pages", String(pages));
      if (report) form.set("report", JSON.stringify(report));
      form.set("file", pdf, "scan.pdf");
      return form;
    };
    // The header lets the server check the token before the upload takes a slot (the form field stays, as the spec has it).
    const headers = { "x-client-token": cfg.client_token };
    return resultOf(await withRetry(() => send({ method: "POST", url: cfg.upload_url, body: body(), headers, onProgress: hooks.onProgress }), hooks));
  }
  await withRetry(
    () => send({ method: "PUT", url: cfg.upload.url, body: pdf, headers: { "content-type": cfg.upload.content_type }, onProgress: (f) => hooks.onProgress(f * 0.95) }),
    hooks,
  );
  const done = await withRetry(
    () => send({ method: "POST", url: cfg.complete_url, body: JSON.stringify({ session: cfg.client_token, pages, ...(report && { report }) }), headers: { "content-type": "application/json" } }),
    hooks,
  );
  hooks.onProgress(1);
  return resultOf(done);
}

async function withRetry<T>(attempt: () => Promise<T>, hooks: UploadHooks): Promise<T> {
  const sleep = hooks.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isRetryable(err) || i >= RETRY_DELAYS_MS.length) throw err;
      hooks.onRetry(i + 1, RETRY_DELAYS_MS[i]);
      await sleep(RETRY_DELAYS_MS[i]);
    }
  }
}

function resultOf(body: unknown): ScanResult {
  const result = (body as { result?: ScanResult } | null)?.result;
  if (!result) throw new ScanFailure("generic", "no result in response");
  return result;
}
