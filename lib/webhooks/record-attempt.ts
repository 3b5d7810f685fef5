import { and, eq, sql } from "drizzle-orm";
import { schema, withTx, type Db } from "../db";
import type { DeliveryAttempt } from "../db/schema";
import type { DeliveryRow } from "./claim-deliveries";
import { MAX_ATTEMPTS } from "./events";
import { retryDelayMs } from "./retry-delay";
import { markDelivered } from "../session-states/transitions";

const d = schema.webhookDeliveries;

/**
 * Appends one attempt to a claimed delivery and moves it on: a 2xx makes it `succeeded`
 * (and a `scan.completed` session `delivered`, only from `completed`); otherwise it stays
 * `pending`, due again after the backoff, until the third attempt makes it `failed`.
 * Releases the lease in the same write.
 */
export async function recordAttempt(db: Db, row: DeliveryRow, attempt: DeliveryAttempt, opts: { now: Date; retryBaseMs: number }): Promise<void> {
  const ok = attempt.response_status !== null && attempt.response_status >= 200 && attempt.response_status < 300;
  const count = row.attemptCount + 1;
  const status = ok ? "succeeded" : count >= MAX_ATTEMPTS ? "failed" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(opts.now.getTime() + retryDelayMs(opts.retryBaseMs, count)) : null;
  await withTx(db, async (tx) => {
    await tx
      .update(d)
      .set({
        attempts: sql`${d.attempts} || ${JSON.stringify([attempt])}::jsonb`,
        attemptCount: sql`${d.attemptCount} + 1`,
        status,
        nextAttemptAt,
        leaseUntil: null,
      })
      .where(and(eq(d.id, row.id), eq(d.status, "pending")));
    if (ok && row.event === "scan.completed") {
      await markDelivered(tx, { sessionId: row.sessionId, tenantId: row.tenantId });
    }
  });
}
