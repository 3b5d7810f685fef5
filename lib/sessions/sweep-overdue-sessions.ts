import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { sessions } from "../db/schema";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { expireOverdue, failOverdue } from "../session-states/transitions";

/** One run moves at most this many sessions of each kind. */
const BATCH = 100;

export interface SweepResult {
  expired: number;
  failed: number;
  /** `scan.failed` deliveries created (pending and due: the cron's delivery step sends them). */
  deliveryIds: string[];
}

/**
 * Writes down what reads already show (effectiveStatus): `created`/`opened` sessions past
 * their TTL become `expired`; `scanning` ones become `failed` with a `scan.failed` event,
 * each in its own transaction with a conditional update, so overlapping runs and a racing
 * completion never double-move a session. Bounded per run.
 */
export async function sweepOverdueSessions({ ctx }: { ctx: Pick<Ctx, "db" | "now"> }): Promise<SweepResult> {
  const { db, now } = ctx;
  const stale = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.status, ["created", "opened"]), lte(sessions.expiresAt, now)))
    .orderBy(asc(sessions.expiresAt))
    .limit(BATCH);
  const expired = await expireOverdue(db, stale, now);
  const scanning = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.status, "scanning"), lte(sessions.expiresAt, now)))
    .orderBy(asc(sessions.expiresAt))
    .limit(BATCH);
  const deliveryIds: string[] = [];
  let failed = 0;
  for (const { id } of scanning) {
    const outcome = await failOneOverdue(db, id, now);
    if (outcome.moved) failed++;
    if (outcome.deliveryId) deliveryIds.push(outcome.deliveryId);
  }
  return { expired, failed, deliveryIds };
}

async function failOneOverdue(db: Ctx["db"], sessionId: string, now: Date): Promise<{ moved: boolean; deliveryId: string | null }> {
  return withTx(db, async (tx) => {
    const row = await failOverdue(tx, sessionId, now);
    if (!row) return { moved: false, deliveryId: null };
    const deliveryId = await enqueueEvent(tx, { tenantId: row.tenantId, sessionId, event: "scan.failed", metadata: row.metadata, result: null, callbackUrl: row.callbackUrl, createdWith: row.createdWith, now });
    return { moved: true, deliveryId };
  });
}
