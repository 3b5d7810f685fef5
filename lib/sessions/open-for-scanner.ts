import type { ScannerConfig } from "../../scanner/contract";
import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { defaultFilter, storedSettings, type ScannerSettings } from "../scanner-settings";
import { signClientToken } from "../tokens";
import { assertTokenUnused, sessionForHandoffCode, sessionForToken } from "./internal";
import { markOpened } from "../session-states/transitions";
import { PDF_CONTENT_TYPE, uploadKey } from "./upload-key";

/**
 * `GET /v1/scanner/config`: what the hosted scanner needs, from exactly one of a client token
 * (`t`) or a QR hand-off code (`c`), plus the session's `allowed_origins` for the scanner's
 * postMessage handshake. Moves `created` to `opened`. A spent session answers
 * `409 token_already_used` (there is nothing left for the scanner to do).
 */
export async function openForScanner({ ctx, token, code }: { ctx: Ctx; token: string | null; code: string | null }): Promise<ScannerConfig> {
  const { now } = ctx;
  if (token !== null && code !== null) throw new ApiError("invalid_request", { fields: { c: "send exactly one of t or c" } });
  const session = code !== null ? await sessionForHandoffCode(ctx, code, now) : await sessionForToken(ctx, token, now, 401);
  assertTokenUnused(session);
  if (session.status === "created") await markOpened(ctx.db, session.id, now);
  const { config } = ctx;
  const upload = await ctx.storage.presignPut(uploadKey(session.id), {
    contentType: PDF_CONTENT_TYPE,
    maxBytes: config.maxUploadBytes,
    expiresAt: session.expiresAt,
  });
  return {
    session_id: session.id,
    client_token: signClientToken(config, session.id, session.expiresAt),
    upload: { url: upload.url, content_type: PDF_CONTENT_TYPE, expires_at: upload.expiresAt.toISOString(), max_bytes: config.maxUploadBytes },
    complete_url: `${config.publicBaseUrl}/v1/scanner/complete`,
    upload_url: `${config.publicBaseUrl}/v1/scanner/upload`,
    scanner: scannerForConfig(session.scanner),
    // Beyond the spec's table: the framed scanner posts results only to these origins (DESIGN.md).
    allowed_origins: session.allowedOrigins,
  };
}

/**
 * The session's snapshot (resolved and validated when the session was created) as the scanner
 * runs it: keys added since the snapshot was taken read as their defaults, and `options.filter`
 * is the filter pages actually get, so the spec's `options.grayscale: true` over the default
 * `auto` arrives as `grayscale` and the scanner needs no rule of its own.
 */
function scannerForConfig(snapshot: unknown): ScannerSettings {
  const settings = storedSettings(snapshot);
  return { ...settings, options: { ...settings.options, filter: defaultFilter(settings.options) } };
}
