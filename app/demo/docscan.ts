/** The slice of `window.DocScan` (public/launcher.js) the demo uses. */
export interface ScanResult {
  url: string;
  page_count: number;
  bytes: number;
  content_type: string;
}

export interface DocScanError {
  code: string;
  message: string;
}

export interface ScannerMessage {
  type: string;
  session_id: string;
  [field: string]: unknown;
}

interface Callbacks {
  onComplete?: (result: ScanResult) => void;
  onError?: (error: DocScanError) => void;
}

export interface DocScanApi {
  open(options: Callbacks & { scanUrl: string; mode: "modal" | "inline"; container?: HTMLElement; onCancel?: () => void; onClose?: () => void; onEvent?: (m: ScannerMessage) => void }): { close(): void };
  handoff(options: Callbacks & { sessionId: string; clientToken: string; container: HTMLElement; onStatus?: (status: string) => void }): { stop(): void };
}

/** The launcher's global, or null while /launcher.js is still loading. */
export function getDocScan(): DocScanApi | null {
  return (window as Window & { DocScan?: DocScanApi }).DocScan ?? null;
}

export interface CreatedSession {
  id: string;
  client_token: string;
  scan_url: string;
  expires_at: string;
}

/** What went wrong creating a session, in words an integrator can act on. */
export class SessionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const HINTS: Record<string, string> = {
  invalid_api_key: "The key was not accepted. Paste a publishable key (pk_test_…) that has not been revoked.",
  origin_not_allowed: "This page's origin is not on your account's allowlist. Add it (see step 2), then try again.",
  insufficient_credits: "Your account has no credits left. Top up in the console.",
  rate_limited: "Too many sessions in a minute. Wait a moment and retry.",
};

/** `POST /v1/sessions` from the browser with a publishable key, as an integrator's page would. */
export async function createSession(publishableKey: string): Promise<CreatedSession> {
  const res = await fetch("/v1/sessions", {
    method: "POST",
    headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/json" },
    body: JSON.stringify({ metadata: { source: "demo" } }),
  }).catch(() => null);
  if (!res) throw new SessionError("network", "Could not reach the service.");
  const body = await res.json().catch(() => ({}));
  if (res.status === 201) return body as CreatedSession;
  const code = typeof body.error === "string" ? body.error : `http_${res.status}`;
  throw new SessionError(code, HINTS[code] ?? body.message ?? `The service answered ${res.status}.`);
}
