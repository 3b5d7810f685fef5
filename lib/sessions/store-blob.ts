import { ApiError, invalidRequest } from "../errors";
import type { Services } from "../services";
import { verifyBlobUrl, type BlobUrlQuery } from "../storage";
import { isPastTtl } from "./effective-status";
import { assertTokenUnused, findSession } from "./internal";
import { requirePdfHeader } from "./pdf-header";
import { markScanning } from "./transitions";
import { PDF_CONTENT_TYPE, sessionOfUploadKey } from "./upload-key";

export interface StoreBlobArgs {
  services: Services;
  query: BlobUrlQuery;
  contentType: string | null;
  body: ReadableStream<Uint8Array> | null;
  now: Date;
}

/**
 * `PUT /v1/scanner/blob` (local storage's `upload.url`): checks the URL signature, the
 * content type and the session (not spent, not expired), then streams the body to disk,
 * counting bytes (inclusive `MAX_UPLOAD_BYTES`) and checking the `%PDF-` header on the way.
 * The session moves to `scanning`: bytes have arrived.
 */
export async function storeBlob({ services, query, contentType, body, now }: StoreBlobArgs): Promise<void> {
  const { key } = verifyBlobUrl(services.config, query, now.getTime());
  const sessionId = sessionOfUploadKey(key);
  const session = sessionId ? await findSession(services.db, sessionId) : null;
  if (!session) throw new ApiError("invalid_signature");
  if (isPastTtl(session, now)) throw new ApiError("session_expired");
  assertTokenUnused(session);
  if ((contentType ?? "").split(";")[0].trim().toLowerCase() !== PDF_CONTENT_TYPE) {
    throw invalidRequest({ "content-type": `must be ${PDF_CONTENT_TYPE}` }, "The upload URL accepts only application/pdf.");
  }
  if (!body) throw new ApiError("empty_file");
  await services.storage.put(key, requirePdfHeader(body), { contentType: PDF_CONTENT_TYPE, maxBytes: services.config.maxUploadBytes });
  await markScanning(services.db, session.id, now);
}
