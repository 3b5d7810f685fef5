import { and, eq, gt, inArray, isNull, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "../db";
import { sessions, type SessionStatus } from "../db/schema";

/**
 * Every change of a session's status, in one place (SPEC.md "States and transitions",
 * DESIGN.md). Each is one conditional UPDATE that names the states it may leave; the row
 * count says whether it happened, so concurrent callers (an upload, the fail endpoint, the
 * sweep, a webhook success) can never both move one session:
 *
 *   created ─open→ opened ─bytes→ scanning ─┬─complete→ completed ─deliver→ delivered
 *      └──────────────┴───────────────┴──────┼─fail────→ failed
 *   created/opened past the TTL ─expire→ expired;  scanning past the TTL ─fail→ failed
 *
 * `completed`, `delivered`, `failed` and `expired` are terminal: no update below lists them
 * as a source (only deliver leaves `completed`, for `delivered`). Complete and fail also
 * spend the token, so at most one of `scan.completed` / `scan.failed` is ever recorded.
 *
 * "Still valid" is judged in the UPDATE itself, the same way for every move that needs a
 * live session: `expires_at` must be after both the caller's clock reading and the
 * database's `now()`, so a request that started in time but whose body arrived after the
 * TTL cannot complete or fail the session. The sweep moves sessions whose `expires_at` has
 * passed on its own clock. Where clocks disagree, the status guards still let exactly one
 * move happen.
 */
export const LIVE_STATES = ["created", "opened", "scanning"] as const satisfies readonly SessionStatus[];

type Writer = Db | Tx;

/** `now` is the caller's clock reading. */
const liveAt = (now: Date): SQL => gt(sessions.expiresAt, sql`greatest(now(), ${now.toISOString()}::timestamptz)`);
const overdueAt = (now: Date): SQL => lte(sessions.expiresAt, now);
const moved = (rows: unknown[]) => rows.length > 0;

/** created → opened (the scanner fetched its config). */
export async function markOpened(db: Writer, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ status: "opened", openedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, "created"), liveAt(now)))
    .returning({ id: sessions.id });
  return moved(rows);
}

/** created/opened → scanning (bytes arrived for the session). */
export async function markScanning(db: Writer, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ status: "scanning", scanningAt: now })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, ["created", "opened"]), isNull(sessions.tokenUsedAt), liveAt(now)))
    .returning({ id: sessions.id });
  return moved(rows);
}

/** live → completed, spending the token. The caller's transaction also debits and records the file. */
export async function claimCompletion(tx: Tx, sessionId: string, now: Date, pageCount: number): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ status: "completed", tokenUsedAt: now, completedAt: now, pageCount, scanningAt: sql`coalesce(${sessions.scanningAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, LIVE_STATES), isNull(sessions.tokenUsedAt), liveAt(now)))
    .returning({ id: sessions.id });
  return moved(rows);
}

/** live → failed (the scanner gave up), spending the token. */
export async function claimFailure(tx: Tx, sessionId: string, now: Date, reason: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ status: "failed", failedAt: now, failReason: reason, tokenUsedAt: now })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, LIVE_STATES), isNull(sessions.tokenUsedAt), liveAt(now)))
    .returning({ id: sessions.id });
  return moved(rows);
}

/** scanning past the TTL → failed, spending the token; returns the row for its `scan.failed`. */
export async function failOverdue(tx: Tx, sessionId: string, now: Date) {
  const [row] = await tx
    .update(sessions)
    .set({ status: "failed", failedAt: now, failReason: "expired_while_scanning", tokenUsedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.status, "scanning"), isNull(sessions.tokenUsedAt), overdueAt(now)))
    .returning();
  return row ?? null;
}

/** created/opened past the TTL → expired (no event); `ids` bounds the batch. */
export async function expireOverdue(db: Writer, ids: SQLWrapper | string[], now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ status: "expired" })
    .where(and(inArray(sessions.id, ids), inArray(sessions.status, ["created", "opened"]), isNull(sessions.tokenUsedAt), overdueAt(now)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** completed → delivered (a `scan.completed` delivery got a 2xx). */
export async function markDelivered(tx: Tx, ref: { sessionId: string; tenantId: string }): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ status: "delivered" })
    .where(and(eq(sessions.id, ref.sessionId), eq(sessions.tenantId, ref.tenantId), eq(sessions.status, "completed")))
    .returning({ id: sessions.id });
  return moved(rows);
}
