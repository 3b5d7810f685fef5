import { eq } from "drizzle-orm";
import { files } from "../db/schema";
import { ApiError } from "../errors";
import type { Services } from "../services";
import type { Download } from "../storage/types";
import { verifyFileUrl } from "./file-url";

/** How long the storage redirect of a download (S3 presigned GET) stays valid. */
const REDIRECT_TTL_MS = 5 * 60_000;

export interface ReadFileArgs {
  services: Pick<Services, "config" | "db" | "storage">;
  fileId: string;
  exp: string | null;
  sig: string | null;
  now: Date;
}

/**
 * Resolves a signed file URL to the PDF: a stream (local disk) or a short-lived storage
 * redirect (S3). Retention is enforced here too, so a file past it is gone even before the
 * sweep has deleted it.
 */
export async function readFile({ services, fileId, exp, sig, now }: ReadFileArgs): Promise<Download> {
  verifyFileUrl(services.config, fileId, exp, sig, now.getTime());
  const [file] = await services.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.deletedAt || file.retainUntil.getTime() <= now.getTime()) throw gone();
  const expiresAt = new Date(Math.min(now.getTime() + REDIRECT_TTL_MS, Number(exp)));
  const download = await services.storage.download(file.storageKey, { expiresAt, filename: `${file.sessionId}.pdf` });
  if (!download) throw gone();
  return download.kind === "stream" ? { ...download, contentType: file.contentType } : download;
}

function gone(): ApiError {
  return new ApiError("not_found", { message: "This file does not exist or is past its retention." });
}
