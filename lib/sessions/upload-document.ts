import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { randomToken } from "../crypto";
import { completeSession } from "./complete-session";
import { assertTokenUnused, scheduleDelivery, sessionForToken } from "./internal";
import { hasPdfHeader } from "./pdf-header";
import { readUploadBody } from "./read-upload-body";
import { directUploadKey, PDF_CONTENT_TYPE } from "./upload-key";

/**
 * `POST /v1/scanner/upload`: the one-step path. Reads the capped body, checks the token
 * (spent and expired sessions are refused before anything is stored), stores the PDF under
 * a key of its own and runs the completion transaction. If completion refuses (a concurrent
 * upload won), the stored object is removed again.
 */
export async function uploadDocument({ ctx, req }: { ctx: Ctx; req: Request }) {
  const { now } = ctx;
  const maxBytes = ctx.config.maxUploadBytes;
  const body = await readUploadBody(req, maxBytes);
  const session = await sessionForToken(ctx, body.token, now, 400);
  assertTokenUnused(session);
  if (!body.bytes || body.bytes.byteLength === 0) throw new ApiError("empty_file");
  if (!hasPdfHeader(body.bytes)) throw new ApiError("invalid_file");
  const key = directUploadKey(session.id, randomToken(9));
  const stored = await ctx.storage.put(key, body.bytes, { contentType: PDF_CONTENT_TYPE, maxBytes });
  try {
    const { result, deliveryId } = await completeSession({ ctx, session, storageKey: key, bytes: stored.size, pages: body.pages });
    scheduleDelivery(ctx, deliveryId);
    return { status: "ok", session_id: session.id, result };
  } catch (err) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
}
