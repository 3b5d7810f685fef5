import type { Ctx } from "../context";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { CLIENT_TOKEN_HEADER, readUploadBody } from "../request-body/upload-body";
import { completeSession, sessionMaxPages } from "./complete-session";
import { checkReportLength, parseReportText, type PageReport } from "./page-report";
import { assertTokenUnused, scheduleDelivery, sessionForToken, type SessionWithFile } from "./internal";
import { hasPdfHeader, requirePdfHeader } from "./pdf-header";
import { putDocument } from "./put-document";
import { Pages, UploadJsonInput } from "./schemas";
import { withUploadSlot } from "./upload-slots";
import { deliveredFileKey, PDF_CONTENT_TYPE } from "./upload-key";

/**
 * `POST /v1/scanner/upload`: the one-step path. In one of the process's upload slots, it
 * checks the token before storing anything (before reading the body at all when it comes
 * in the `X-Client-Token` header), streams the document to a key of its own under `files/`
 * with the size cap enforced on the way, checks the other fields (`pages`, the page `report`)
 * and runs the completion transaction. Whatever refuses the upload after the bytes are stored
 * (a concurrent upload won, a bad field) removes them again, and leaves the token unspent.
 */
export async function uploadDocument({ ctx, req }: { ctx: Ctx; req: Request }) {
  return withUploadSlot(ctx.config.maxConcurrentUploads, async () => {
    const { now } = ctx;
    const maxBytes = ctx.config.maxUploadBytes;
    let session: SessionWithFile | null = null;
    const liveSession = async (token: string) => {
      session ??= await sessionForToken(ctx, token, now, 400);
      assertTokenUnused(session);
      return session;
    };
    const headerToken = req.headers.get(CLIENT_TOKEN_HEADER);
    if (headerToken !== null) await liveSession(headerToken);

    // Set once the document is stored, cleared once it belongs to a completed session.
    const stored: { file: { key: string; size: number } | null } = { file: null };
    try {
      const body = await readUploadBody(req, {
        maxBytes,
        headerToken,
        jsonSchema: UploadJsonInput,
        async onFile(token, bytes) {
          const { id } = await liveSession(token);
          if (bytes instanceof Uint8Array && bytes.byteLength > 0 && !hasPdfHeader(bytes)) throw new ApiError("invalid_file");
          const key = deliveredFileKey(id);
          const { size } = await putDocument(ctx.storage, key, bytes instanceof Uint8Array ? bytes : requirePdfHeader(bytes), { contentType: PDF_CONTENT_TYPE, maxBytes });
          stored.file = { key, size };
        },
      });
      const fields: FieldErrors = {};
      const pages = Pages.optional().safeParse(body.pages);
      if (!pages.success) fields.pages = "must be a positive integer";
      const report = typeof body.report === "string" ? parseReportText(body.report, fields) : (body.report as PageReport[] | undefined);
      if (Object.keys(fields).length > 0) throw invalidRequest(fields);
      const owner = await liveSession(body.token ?? "");
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
    }
  });
}
