import { ApiError } from "../errors";
import type { Ctx } from "../context";
import { findSessionWithFile } from "./internal";
import { fileAvailable } from "./views";
import { readPicture } from "../files/page-pictures/stored";
import type { Picture } from "../files/page-pictures/extract.mjs";
import { documentPictures } from "./page-pictures";

/**
 * `GET /v1/dashboard/sessions/:id/pages/:n`: the picture of one page of a session's document,
 * for the console's thumbnails, read from the pictures stored beside the document (made once,
 * in a worker, under limits: `documentPictures`). Another tenant's session, a page past the
 * count, a file past retention, a page without a picture and a document over a picture limit
 * are all `404 not_found` (the message says which).
 */
export async function readSessionPage({ ctx, tenantId, sessionId, page }: { ctx: Ctx; tenantId: string; sessionId: string; page: number }): Promise<Picture> {
  const session = await findSessionWithFile(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  const file = session.file;
  if (!file || !fileAvailable(file, ctx.now)) throw new ApiError("not_found", { message: "This session has no document, or it is past its retention." });
  if (page > file.pageCount) throw new ApiError("not_found", { message: `The document has ${file.pageCount} page(s).` });
  const timeoutMs = ctx.config.timeouts.storageMs;
  const manifest = await documentPictures({ store: ctx.storage, storageKey: file.storageKey, pageCount: file.pageCount, timeoutMs });
  if (manifest && "refused" in manifest) throw new ApiError("not_found", { message: `This document gets no page pictures: it is over a limit (${manifest.refused}).` });
  const index = manifest?.pages[page - 1];
  const bytes = index === undefined || index === null ? null : await readPicture(ctx.storage, file.storageKey, index, timeoutMs);
  if (!manifest || index === undefined || index === null || !bytes) throw new ApiError("not_found", { message: "This page has no picture the console can show." });
  return { contentType: manifest.types[index], bytes };
}
