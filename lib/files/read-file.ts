import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { files } from "../db/schema";
import { ApiError } from "../errors";
import type { Download } from "../storage/types";
import { verifyFileUrl } from "./file-url";

/** How long the storage redirect of a download (S3 presigned GET) stays valid. */
const REDIRECT_TTL_MS = 5 * 60_000;

export interface ReadFileArgs {
  ctx: Pick<Ctx, "config" | "db" | "storage" | "now">;
  fileId: string;
  exp: string | null;
  sig: string | null;
}

/**
 * Resolves a signed file URL to the PDF: a stream (local disk) or a short-lived storage
 * redirect (S3). Retention is enforced here too, so a file past it is gone even before the
 * sweep has deleted it.
 */
export async function readFile({ ctx, fileId, exp, sig }: ReadFileArgs): Promise<Download> {
  const { now } = ctx;
  verifyFileUrl(ctx.config, fileId, exp, sig, now.getTime());
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.deletedAt || file.retainUntil.getTime() <= now.getTime()) throw gone();
  const expiresAt = new Date(Math.min(now.getTime() + REDIRECT_TTL_MS, Number(exp)));
  const download = await ctx.storage.download(file.storageKey, { expiresAt, filename: `${file.sessionId}.pdf` });
  if (!download) throw gone();
  return download.kind === "stream" ? { ...download, contentType: file.contentType } : download;
}

function gone(): ApiError {
  return new ApiError("not_found", { message: "This file does not exist or is past its retention." });
}
