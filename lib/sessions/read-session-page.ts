import { ApiError } from "../errors";
import type { Ctx } from "../context";
import { findSessionWithFile } from "./internal";
import { fileAvailable } from "./views";
import { pictureOfPage, type PageImage } from "../files/page-image";
import { readObject } from "../storage";
import { parsedDocument } from "./parsed-documents";

/**
 * `GET /v1/dashboard/sessions/:id/pages/:n`: the picture of one page of a session's document,
 * for the console's thumbnails. Another tenant's session, a page past the count, and a file
 * past retention are all `404 not_found`.
 */
export async function readSessionPage({ ctx, tenantId, sessionId, page }: { ctx: Ctx; tenantId: string; sessionId: string; page: number }): Promise<PageImage> {
  const session = await findSessionWithFile(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  const file = session.file;
  if (!file || !fileAvailable(file, ctx.now)) throw new ApiError("not_found", { message: "This session has no document, or it is past its retention." });
  if (page > file.pageCount) throw new ApiError("not_found", { message: `The document has ${file.pageCount} page(s).` });
  const doc = await parsedDocument(file.storageKey, () => readObject(ctx.storage, file.storageKey, { timeoutMs: ctx.config.timeouts.storageMs }));
  const image = doc && pictureOfPage(doc, page);
  if (!image) throw new ApiError("not_found", { message: "This page has no picture the console can show." });
  return image;
}
