import type { Ctx } from "../context";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { completeSession, sessionMaxPages } from "./complete-session";
import { checkReportLength } from "./page-report";
import { assertTokenUnused, findSessionWithFile, scheduleDelivery, sessionForToken } from "./internal";
import { hasPdfHeader } from "./pdf-header";
import type { CompleteInput } from "./schemas";
import { deliveredFileKey, PDF_CONTENT_TYPE, uploadKey } from "./upload-key";

/**
 * `POST /v1/scanner/complete`: the second step of the two-step upload. The uploaded object is
 * first copied to a key of its own under `files/` (the upload URL stays writable
 * until the session expires, so the delivered document must not be the object it writes).
 * Size, type and header are read back from that copy, never taken from the request; an
 * object over `max_bytes` (possible with an S3 presigned PUT, which cannot cap size) is
 * deleted and refused with 413. Then the completion transaction; the upload object is
 * removed, and the webhook's first attempt runs after the response.
 */
export async function completeUpload({ ctx, input }: { ctx: Ctx; input: CompleteInput }) {
  const { now } = ctx;
  const session = await sessionForToken(ctx, input.session, now, 400);
  assertTokenUnused(session);
  // Checked before anything is copied or claimed: a refused report leaves the session as it was.
  const fields: FieldErrors = {};
  checkReportLength(input.report, input.pages, sessionMaxPages(session), fields);
  if (Object.keys(fields).length > 0) throw invalidRequest(fields);
  const upload = uploadKey(session.id);
  const key = deliveredFileKey(session.id);
  // A presigned S3 PUT cannot cap its size: an oversize upload is refused (and removed) before
  // it is copied; the copy is checked again below, as the upload URL stays writable meanwhile.
  const uploaded = await ctx.storage.stat(upload);
  if (uploaded && uploaded.size > ctx.config.maxUploadBytes) {
    await ctx.storage.delete(upload).catch(() => undefined);
    throw new ApiError("file_too_large");
  }
  if (!(await ctx.storage.copy(upload, key))) {
    // A concurrent completion may have spent the token, and removed the upload, since the read above.
    const current = await findSessionWithFile(ctx.db, session.id);
    if (current) assertTokenUnused(current);
    throw new ApiError("upload_not_found");
  }
  try {
    const stored = await ctx.storage.stat(key);
    if (!stored || stored.size === 0) throw new ApiError("empty_file");
    if (stored.size > ctx.config.maxUploadBytes) throw new ApiError("file_too_large");
    if (!hasPdfHeader(stored.head) || (stored.contentType ?? PDF_CONTENT_TYPE) !== PDF_CONTENT_TYPE) throw new ApiError("invalid_file");
    const { result, deliveryId } = await completeSession({ ctx, session, storageKey: key, bytes: stored.size, pages: input.pages, report: input.report });
    await ctx.storage.delete(upload).catch(() => undefined);
    scheduleDelivery(ctx, deliveryId);
    return { status: "ok", session_id: session.id, result };
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    // A document that can never complete is removed too; anything else may be retried.
    if (err instanceof ApiError && ["file_too_large", "invalid_file", "empty_file"].includes(err.code)) await ctx.storage.delete(upload).catch(() => undefined);
    throw err;
  }
}
