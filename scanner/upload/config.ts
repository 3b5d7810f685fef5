import type { FailReason, ScannerConfig } from "../contract";
import { ScanFailure, failureFromResponse } from "./errors";

export type { FailReason, ScannerConfig };

export type Credential = { t: string } | { c: string };

/** Reads `?t=` or `?c=` from the page's query; null when neither is there. */
export function credentialFrom(search: string): Credential | null {
  const q = new URLSearchParams(search);
  const t = q.get("t"), c = q.get("c");
  if (t) return { t };
  if (c) return { c };
  return null;
}

/** Loads the session's scanner configuration (opens the session). */
export async function fetchConfig(cred: Credential, base = ""): Promise<ScannerConfig> {
  const qs = new URLSearchParams(cred as Record<string, string>).toString();
  let res: Response;
  try {
    res = await fetch(`${base}/v1/scanner/config?${qs}`, { cache: "no-store", referrerPolicy: "no-referrer" });
  } catch {
    throw new ScanFailure("network");
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw failureFromResponse(res.status, body);
  return body as ScannerConfig;
}

/** `POST /v1/scanner/fail`: tells the service the scan cannot finish. Best effort. */
export function reportFailure(cfg: ScannerConfig, reason: FailReason): void {
  const url = new URL("/v1/scanner/fail", cfg.complete_url).toString();
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ session: cfg.client_token, reason }),
    keepalive: true,
  }).catch(() => undefined);
}
