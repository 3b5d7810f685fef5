import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { files, redactionAudit, sessions, type RedactionActor } from "../db/schema";
import { DependencyUnavailable } from "../dependencies";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import { scheduleDelivery } from "../sessions/internal";
import { forgetPicturesOf } from "../sessions/page-pictures";
import { storageUnavailable } from "../storage/unavailable";
import { deleteSessionObjects } from "./session-objects";
import { finishRedaction } from "./finish-redaction";
import { requestRedaction } from "./request-redaction";

/**
 * One session's redaction, in the order that never leaves it half redacted: record the
 * request (failing a live session), delete every stored object, then clear the rows in one
 * transaction. When storage fails, the rows are untouched, the failure goes into the audit
 * trail, the lease is cut short so the next cron run retries it, and a storage
 * `DependencyUnavailable` is thrown (the request answers 503). Safe to run twice at once: deletes of absent objects succeed and
 * only one run clears the rows. The audit names whoever asked
 * first (`asking` when nobody had). `session` must be the caller's tenant's.
 */
export async function runRedaction(ctx: Ctx, session: { id: string; tenantId: string }, asking: RedactionActor): Promise<void> {
  const { db, now } = ctx;
  const actor = await requestRedaction(db, session, asking, now);
  if (!actor) return;
  const [file] = await db.select({ key: files.storageKey }).from(files).where(eq(files.sessionId, session.id));
  try {
    await deleteSessionObjects(ctx.storage, session.id, file?.key ?? null);
  } catch (err) {
    log("warn", "redaction held up by storage; the cron retries it", { sessionId: session.id, ...errorFields(err) });
    await db.insert(redactionAudit).values({ id: newId("redactionAudit"), tenantId: session.tenantId, sessionId: session.id, actor, outcome: "storage_failed", detail: errorName(err), createdAt: now });
    // Due again just after this clock reading: the next cron run retries it, while the run
    // that failed (one clock reading for all its pages) does not take it again.
    await db.update(sessions).set({ redactionLeaseUntil: new Date(now.getTime() + 1) }).where(eq(sessions.id, session.id));
    throw storageUnavailable(err) ?? new DependencyUnavailable("storage", "unreachable", { cause: err });
  }
  // The console's page pictures keep their manifest a few minutes; this process's goes now.
  if (file) forgetPicturesOf(file.key);
  const done = await finishRedaction(db, session.id, actor, now);
  if (done) scheduleDelivery(ctx, done.deliveryId);
}

/** A failure's kind for the audit trail: its name or code, never its message (which may hold a key). */
function errorName(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown };
  return String((typeof e?.code === "string" && e.code) || (typeof e?.name === "string" && e.name) || "Error").slice(0, 60);
}
