import { and, gt, inArray, isNull } from "drizzle-orm";
import type { Ctx } from "../context";
import { files, sessions } from "../db/schema";
import { errorFields, log } from "../log";
import type { ListedObject } from "../storage/types";
import { FILES_PREFIX, sessionOfKey, UPLOADS_PREFIX } from "./upload-key";
import { LIVE_STATES } from "../session-states/transitions";

/** Objects looked at per page: the keys of one listing and of the two queries about them. */
const PAGE = 500;
/** How old a document or temp file without an owner must be: longer than any upload can take. */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes stored objects that will never be delivered: under `uploads/`, those of
 * sessions that can no longer complete (failed, expired, completed: the delivered copy lives
 * under `files/`); under `files/`, documents no file row points to (an upload cut off
 * between storing and committing) once they are an hour old; and the local store's temp
 * files of writes a killed process left. Objects a file row points to are never touched.
 * Every key is looked at, page by page (owned objects fill pages too, so a first page alone
 * would see the same retained files on every run). Returns how many objects it deleted; one
 * that cannot be deleted waits for the next run.
 */
export async function sweepOrphanObjects({ ctx }: { ctx: Pick<Ctx, "db" | "storage" | "now"> }): Promise<number> {
  const stale = new Date(ctx.now.getTime() - GRACE_MS);
  let deleted = 0;
  for (const prefix of [UPLOADS_PREFIX, FILES_PREFIX]) {
    for (let after: string | undefined; ; ) {
      const page = await ctx.storage.list(prefix, PAGE, after);
      deleted += await sweepPage(ctx, page, stale);
      if (page.length < PAGE) break;
      after = page[page.length - 1].key;
    }
  }
  return deleted + ((await ctx.storage.removeStaleTemp?.(stale)) ?? 0);
}

async function sweepPage({ db, storage, now }: Pick<Ctx, "db" | "storage" | "now">, listed: ListedObject[], stale: Date): Promise<number> {
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
  return deleted;
}
