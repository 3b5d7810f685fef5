import { now as clockNow } from "../clock";
import type { Ctx } from "../context";
import { ApiError, invalidRequest } from "../errors";
import { verifyBlobUrl, type BlobUrlQuery } from "../storage";
import { isPastTtl } from "./effective-status";
import { assertTokenUnused, findSession, type SessionRow } from "./internal";
import { requirePdfHeader } from "./pdf-header";
import { putDocument } from "./put-document";
import { markScanning } from "../session-states/transitions";
import { BodyDeadline } from "../request-body/body-deadline";
import { ownerOf, UPLOAD_IDLE_MS, UPLOAD_MIN_RATE, withUploadSlot } from "./upload-slots";
import { PDF_CONTENT_TYPE, sessionOfUploadKey } from "./upload-key";

export interface StoreBlobArgs {
  ctx: Ctx;
  query: BlobUrlQuery;
  contentType: string | null;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * `PUT /v1/scanner/blob` (local storage's `upload.url`): checks the URL signature, the
 * content type and the session (not spent, not expired), then, in one of the process's
 * upload slots (the signature is its credential), streams the body to disk, counting bytes
 * (inclusive `MAX_UPLOAD_BYTES`) and checking the `%PDF-` header on the way; a body that
 * falls silent for longer than the upload's idle allowance, or arrives slower than its
 * minimum rate, is cut off (`408`). The session is checked again after the last byte,
 * before the file is renamed into place: a PUT that was still streaming when the session
 * completed or expired changes nothing. The session moves to `scanning`.
 */
export async function storeBlob({ ctx, query, contentType, body }: StoreBlobArgs): Promise<void> {
  const { now } = ctx;
  const { key } = verifyBlobUrl(ctx.config, query, now.getTime()) ?? { key: null };
  const sessionId = key ? sessionOfUploadKey(key) : null;
  const session = sessionId ? await findSession(ctx.db, sessionId) : null;
  if (!key || !session) throw new ApiError("invalid_signature");
  assertStillOpen(session, now);
  if ((contentType ?? "").split(";")[0].trim().toLowerCase() !== PDF_CONTENT_TYPE) {
    throw invalidRequest({ "content-type": `must be ${PDF_CONTENT_TYPE}` }, "The upload URL accepts only application/pdf.");
  }
  if (!body) throw new ApiError("empty_file");
  await withUploadSlot(ctx.config, ownerOf(session), () =>
    putDocument(ctx.storage, key, requirePdfHeader(new BodyDeadline(body, UPLOAD_IDLE_MS.credentialed, UPLOAD_MIN_RATE).stream()), {
      contentType: PDF_CONTENT_TYPE,
      maxBytes: ctx.config.maxUploadBytes,
      beforeCommit: async () => assertStillOpen(await findSession(ctx.db, session.id), clockNow()),
    }),
  );
  await markScanning(ctx.db, session.id, now);
}

function assertStillOpen(session: SessionRow | null, now: Date): asserts session is SessionRow {
  if (!session) throw new ApiError("invalid_signature");
  if (isPastTtl(session, now)) throw new ApiError("session_expired");
  assertTokenUnused(session);
}
