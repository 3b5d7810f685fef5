import type { Config } from "../config";
import { resultView } from "../files/result-view";
import { signClientToken } from "../tokens";
import { effectiveStatus } from "./effective-status";
import type { ResultFile } from "../files/result-view";
import type { FileRow, SessionRow } from "./internal";

type ViewConfig = Pick<Config, "appSecret" | "publicBaseUrl" | "scanUrlBase" | "fileUrlTtlMs">;

/** `POST /v1/sessions` (and the preview session): the one answer that carries the client token. */
export function createdView(config: ViewConfig, session: Pick<SessionRow, "id" | "mode" | "expiresAt">) {
  const clientToken = signClientToken(config, session.id, session.expiresAt);
  return {
    id: session.id,
    mode: session.mode,
    client_token: clientToken,
    scan_url: `${config.scanUrlBase}?t=${encodeURIComponent(clientToken)}`,
    expires_at: session.expiresAt.toISOString(),
  };
}

/** `GET /v1/sessions/:id` (secret key). */
export function sessionReadView(config: ViewConfig, session: SessionRow, file: FileRow | null, now: Date) {
  return {
    id: session.id,
    status: effectiveStatus(session, now),
    mode: session.mode,
    /** `publishable`, `secret` or `console` (preview): metadata of a publishable-key session is untrusted input. */
    created_with: session.createdWith,
    metadata: session.metadata,
    created_at: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    result: documentGone(session) ? null : resultView(config, file, now),
    ...redactionView(session),
  };
}

/** Whether a redaction was asked for: from then on the document is being, or has been, deleted. */
function documentGone(session: Pick<SessionRow, "redactionRequestedAt">): boolean {
  return session.redactionRequestedAt !== null;
}

/** `redacted` and `redacted_at` (lib/redaction): the session keeps its id, status, timestamps and mode. */
function redactionView(session: Pick<SessionRow, "redactedAt">) {
  return { redacted: session.redactedAt !== null, redacted_at: session.redactedAt?.toISOString() ?? null };
}

/** A session as the console lists it (`GET /v1/dashboard/sessions`). */
export function summaryView(s: SessionRow, now: Date) {
  return {
    id: s.id,
    status: effectiveStatus(s, now),
    mode: s.mode,
    pages: s.pageCount,
    metadata: s.metadata,
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    ...redactionView(s),
    /** When the document was stored (beyond the spec's list item): a finished session shows it instead of its expiry. */
    completed_at: s.completedAt?.toISOString() ?? null,
  };
}

/** Whether a file is still kept: not swept, and inside its retention (enforced at read time too). */
export function fileAvailable(file: Pick<FileRow, "deletedAt" | "retainUntil">, now: Date): boolean {
  return !file.deletedAt && file.retainUntil.getTime() > now.getTime();
}

/**
 * One session as the console shows it (`GET /v1/dashboard/sessions/:id`): the list's fields,
 * the result with a short-lived signed download link (the same as `result.url`) while the
 * file is retained, and when retention ends or ended. Page images are served by the console's
 * own page endpoint.
 */
export function dashboardSessionView(config: ViewConfig, s: SessionRow, file: FileRow | null, now: Date) {
  const result = documentGone(s) ? null : resultView(config, file, now);
  const available = file !== null && fileAvailable(file, now);
  return {
    ...summaryView(s, now),
    result: file &&
      result && { ...result, url: available ? result.url : null, available, retained_until: file.retainUntil.toISOString() },
  };
}

/** `GET /v1/sessions/:id/status` (client token): no link once a redaction was asked for, as the session read. */
export function statusView(config: ViewConfig, session: Pick<SessionRow, "id" | "status" | "expiresAt" | "redactionRequestedAt">, file: ResultFile | null, now: Date) {
  return {
    id: session.id,
    status: effectiveStatus(session, now),
    expires_at: session.expiresAt.toISOString(),
    result: documentGone(session) ? null : resultView(config, file, now),
  };
}
