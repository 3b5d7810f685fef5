import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Ctx } from "../context";
import { files } from "../db/schema";
import { errorFields, log } from "../log";
import { deletePagePictures } from "./page-pictures/stored";

/** One run deletes at most this many files, so a backlog never makes a cron call run long. */
const BATCH = 100;

/**
 * Deletes the stored objects of files past retention (the document and its page pictures) and marks their rows deleted (rows
 * stay, so analytics keep their bytes). The object goes first: if the process dies between
 * the two steps, the next run repeats a harmless delete. An object that cannot be deleted
 * is logged and left for the next run; the rest of the batch goes on.
 */
export async function sweepExpiredFiles({ ctx }: { ctx: Pick<Ctx, "db" | "storage" | "now"> }): Promise<number> {
  const { db, storage, now } = ctx;
  const due = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(isNull(files.deletedAt), lte(files.retainUntil, now)))
    .orderBy(asc(files.retainUntil))
    .limit(BATCH);
  let deleted = 0;
  for (const file of due) {
    try {
      await deletePagePictures(storage, file.storageKey);
      await storage.delete(file.storageKey);
    } catch (err) {
      log("warn", "file past retention not deleted; retried next run", { fileId: file.id, ...errorFields(err) });
      continue;
    }
    await db.update(files).set({ deletedAt: now }).where(and(eq(files.id, file.id), isNull(files.deletedAt)));
    deleted++;
  }
  return deleted;
}
