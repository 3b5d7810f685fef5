import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { schema, withTx, type Db } from "../db";

export type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

const d = schema.webhookDeliveries;

/** How long a claim keeps other runs away: longer than any one attempt can take. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs + 60_000;
}

/**
 * Claims up to `limit` due deliveries (or just `onlyId`) for this caller: in one
 * transaction, picks pending, due, unleased rows with `for update skip locked` and stamps a
 * lease on them. Concurrent callers skip each other's rows and see each other's leases, so no
 * delivery is attempted by two runs at once; a crashed run's lease simply runs out. Leases
 * are stamped and judged by the database's clock, not the caller's: an instance whose clock
 * runs ahead by more than the lease would otherwise take rows another is still sending.
 * (Whether a row is due is the caller's clock: a skewed clock can only move a retry earlier.)
 */
export async function claimDeliveries(db: Db, opts: { now: Date; limit: number; leaseMs: number; onlyId?: string }): Promise<DeliveryRow[]> {
  const conditions: SQL[] = [
    eq(d.status, "pending"),
    lte(d.nextAttemptAt, opts.now),
    or(isNull(d.leaseUntil), sql`${d.leaseUntil} < now()`)!,
  ];
  if (opts.onlyId) conditions.push(eq(d.id, opts.onlyId));
  // Two statements in one transaction, not `update … where id in (select … limit n)`: a
  // planner may re-run such a subquery and take more than `limit` rows.
  return withTx(db, async (tx) => {
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(...conditions))
      .orderBy(asc(d.nextAttemptAt))
      .limit(opts.limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(d)
      .set({ leaseUntil: sql`now() + ${opts.leaseMs} * interval '1 millisecond'` })
      .where(inArray(d.id, due.map((r) => r.id)))
      .returning();
  });
}
