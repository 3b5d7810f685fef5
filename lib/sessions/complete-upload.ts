import { ApiError } from "../errors";
import type { RequestContext } from "../http";
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
export async function completeUpload(ctx: Pick<RequestContext, "services" | "now" | "defer">, input: CompleteInput) {
  const { services, now } = ctx;
  const session = await sessionForToken(services, input.session, now, 400);
  assertTokenUnused(session);
  const key = uploadKey(session.id);
  const stored = await services.storage.stat(key);
  if (!stored) throw new ApiError("upload_not_found");
  if (stored.size === 0) throw new ApiError("empty_file");
  if (stored.size > services.config.maxUploadBytes) {
    await services.storage.delete(key);
    throw new ApiError("file_too_large");
  }
  if (!hasPdfHeader(stored.head) || (stored.contentType ?? PDF_CONTENT_TYPE) !== PDF_CONTENT_TYPE) {
    await services.storage.delete(key);
    throw new ApiError("invalid_file");
  }
  const { result, deliveryId } = await completeSession(services, { session, storageKey: key, bytes: stored.size, pages: input.pages, now });
  scheduleDelivery(services, ctx.defer, deliveryId);
  return { status: "ok", session_id: session.id, result };
}
