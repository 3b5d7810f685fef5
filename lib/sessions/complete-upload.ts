import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { completeSession } from "./complete-session";
import { assertTokenUnused, scheduleDelivery, sessionForToken } from "./internal";
import { hasPdfHeader } from "./pdf-header";
import type { CompleteInput } from "./schemas";
import { PDF_CONTENT_TYPE, uploadKey } from "./upload-key";

/**
 * `POST /v1/scanner/complete`: the second step of the two-step upload. Size, type and header
 * are read back from storage, never taken from the request; an object over `max_bytes`
 * (possible with an S3 presigned PUT, which cannot cap size) is deleted and refused with 413.
 * Then the completion transaction; the webhook's first attempt runs after the response.
 */
export async function completeUpload({ ctx, input }: { ctx: Ctx; input: CompleteInput }) {
  const { now } = ctx;
  const session = await sessionForToken(ctx, input.session, now, 400);
  assertTokenUnused(session);
  const key = uploadKey(session.id);
  const stored = await ctx.storage.stat(key);
  if (!stored) throw new ApiError("upload_not_found");
  if (stored.size === 0) throw new ApiError("empty_file");
  if (stored.size > ctx.config.maxUploadBytes) {
    await ctx.storage.delete(key);
    throw new ApiError("file_too_large");
  }
  if (!hasPdfHeader(stored.head) || (stored.contentType ?? PDF_CONTENT_TYPE) !== PDF_CONTENT_TYPE) {
    await ctx.storage.delete(key);
    throw new ApiError("invalid_file");
  }
  const { result, deliveryId } = await completeSession({ ctx, session, storageKey: key, bytes: stored.size, pages: input.pages });
  scheduleDelivery(ctx, deliveryId);
  return { status: "ok", session_id: session.id, result };
}
