import type { Ctx } from "../context";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { BodyDeadline } from "../request-body/body-deadline";
import { CLIENT_TOKEN_HEADER, readUploadBody } from "../request-body/upload-body";
import { completeSession, sessionMaxPages } from "./complete-session";
import { checkReportLength, parseReportText, type PageReport } from "./page-report";
import { assertTokenUnused, scheduleDelivery, sessionForToken, type SessionWithFile } from "./internal";
import { hasPdfHeader, requirePdfHeader } from "./pdf-header";
import { putDocument } from "./put-document";
import { Pages, UploadJsonInput } from "./schemas";
import { ownerOf, takeUploadSlot, TOKEN_WITHIN_MS, UPLOAD_IDLE_MS, UPLOAD_MIN_RATE } from "./upload-slots";
import { deliveredFileKey, PDF_CONTENT_TYPE } from "./upload-key";

/**
 * `POST /v1/scanner/upload`: the one-step path. A token in the `X-Client-Token` header is
 * checked before the request asks for an upload slot; a token in the body earns a slot of the
 * small anonymous pool, under a short deadline, until the body has shown it and it checks
 * out, and only then one of the upload slots (upload-slots.ts). The document is streamed to a
 * key of its own under `files/` with the size cap enforced on the way, the other fields
 * (`pages`, the page `report`) are checked, and the completion transaction runs. Whatever
 * refuses the upload after the bytes are stored (a concurrent upload won, a bad field)
 * removes them again, and leaves the token unspent.
 */
export async function uploadDocument({ ctx, req }: { ctx: Ctx; req: Request }) {
  const { now, config } = ctx;
  const maxBytes = config.maxUploadBytes;
  let session: SessionWithFile | null = null;
  const liveSession = async (token: string) => {
    session ??= await sessionForToken(ctx, token, now, 400);
    assertTokenUnused(session);
    return session;
  };
  const headerToken = req.headers.get(CLIENT_TOKEN_HEADER);
  const pool = headerToken !== null ? "credentialed" : "anonymous";
  let release = headerToken !== null ? await takeUploadSlot(config, "credentialed", ownerOf(await liveSession(headerToken))) : await takeUploadSlot(config, "anonymous");
  const body = req.body ? new BodyDeadline(req.body, UPLOAD_IDLE_MS[pool], UPLOAD_MIN_RATE) : null;
  if (pool === "anonymous") body?.setDeadline(Date.now() + TOKEN_WITHIN_MS);

  // Set once the document is stored, cleared once it belongs to a completed session.
  const stored: { file: { key: string; size: number } | null } = { file: null };
  try {
    const sent = await readUploadBody(req, body, {
      maxBytes,
      headerToken,
      jsonSchema: UploadJsonInput,
      async onToken(token) {
        const owner = await liveSession(token);
        // Checked: trade the anonymous slot for an upload slot (waiting in that queue if need be).
        release();
        release = () => undefined;
        release = await takeUploadSlot(config, "credentialed", ownerOf(owner));
        body?.setDeadline(null);
        body?.setIdle(UPLOAD_IDLE_MS.credentialed);
      },
      async onFile(token, bytes) {
        const { id } = await liveSession(token);
        if (bytes instanceof Uint8Array && bytes.byteLength > 0 && !hasPdfHeader(bytes)) throw new ApiError("invalid_file");
        const key = deliveredFileKey(id);
        const { size } = await putDocument(ctx.storage, key, bytes instanceof Uint8Array ? bytes : requirePdfHeader(bytes), { contentType: PDF_CONTENT_TYPE, maxBytes });
        stored.file = { key, size };
      },
    });
    const fields: FieldErrors = {};
    const pages = Pages.optional().safeParse(sent.pages);
    if (!pages.success) fields.pages = "must be a positive integer";
    const report = typeof sent.report === "string" ? parseReportText(sent.report, fields) : (sent.report as PageReport[] | undefined);
    if (Object.keys(fields).length > 0) throw invalidRequest(fields);
    const owner = await liveSession(sent.token ?? "");
    checkReportLength(report, pages.data, sessionMaxPages(owner), fields);
    if (Object.keys(fields).length > 0) throw invalidRequest(fields);
    const { file } = stored;
    if (!file) throw new ApiError("empty_file");
    const { result, deliveryId } = await completeSession({ ctx, session: owner, storageKey: file.key, bytes: file.size, pages: pages.data, report });
    stored.file = null;
    scheduleDelivery(ctx, deliveryId);
    return { status: "ok", session_id: owner.id, result };
  } finally {
    if (stored.file) await ctx.storage.delete(stored.file.key).catch(() => undefined);
    release();
  }
}
