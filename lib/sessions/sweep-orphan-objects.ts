import { and, gt, inArray, isNull } from "drizzle-orm";
import type { Ctx } from "../context";
import { files, sessions } from "../db/schema";
import { errorFields, log } from "../log";
import { FILES_PREFIX, sessionOfKey, UPLOADS_PREFIX } from "./upload-key";
import { LIVE_STATES } from "../session-states/transitions";

/** Objects one run looks at per prefix (bounded work per cron call). */
const BATCH = 500;
/** How old a document or temp file without an owner must be: longer than any upload can take. */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes stored objects that will never be delivered: under `uploads/`, those of
 * sessions that can no longer complete (failed, expired, completed: the delivered copy lives
 * under `files/`); under `files/`, documents no file row points to (an upload cut off
 * between storing and committing) once they are an hour old; and the local store's temp
 * files of writes a killed process left. Objects a file row points to are never touched.
 * Returns how many objects it deleted; one that cannot be deleted waits for the next run.
 */
export async function sweepOrphanObjects({ ctx }: { ctx: Pick<Ctx, "db" | "storage" | "now"> }): Promise<number> {
  const { db, storage, now } = ctx;
  const listed = [...(await storage.list(UPLOADS_PREFIX, BATCH)), ...(await storage.list(FILES_PREFIX, BATCH))];
  const keys = listed.map((o) => o.key);
  const owned = new Set(
    keys.length === 0 ? [] : (await db.select({ key: files.storageKey }).from(files).where(and(inArray(files.storageKey, keys), isNull(files.deletedAt)))).map((r) => r.key),
  );
  const sessionIds = [...new Set(keys.map(sessionOfKey).filter((id): id is string => id !== null))];
  const live = new Set(
    sessionIds.length === 0
      ? []
      : (await db.select({ id: sessions.id }).from(sessions).where(and(inArray(sessions.id, sessionIds), inArray(sessions.status, LIVE_STATES), isNull(sessions.tokenUsedAt), gt(sessions.expiresAt, now)))).map((r) => r.id),
  );
  const stale = new Date(now.getTime() - GRACE_MS);
  const orphans = listed.filter((o) => {
    if (owned.has(o.key)) return false;
    const sessionId = sessionOfKey(o.key);
    if (o.key.startsWith(UPLOADS_PREFIX) && sessionId) return !live.has(sessionId);
    return o.modifiedAt < stale;
  });
  let deleted = 0;
  for (const { key } of orphans) {
    try {
      await storage.delete(key);
      deleted++;
    } catch (err) {
      log("warn", "orphaned object not deleted; retried next run", { key, ...errorFields(err) });
    }
  }
  return deleted + ((await storage.removeStaleTemp?.(stale)) ?? 0);
}
