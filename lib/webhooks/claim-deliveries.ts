import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { schema, type Db } from "../db";

export type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

const d = schema.webhookDeliveries;

/** How long a claim keeps other runs away: longer than any one attempt can take. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs + 60_000;
}

/**
 * Claims up to `limit` due deliveries (or just `onlyId`) for this caller: one statement
 * that picks pending, due, unleased rows with `for update skip locked` and stamps a lease
 * on them. Concurrent callers skip each other's rows and see each other's leases, so no
 * delivery is attempted by two runs at once; a crashed run's lease simply runs out.
 */
export async function claimDeliveries(db: Db, opts: { now: Date; limit: number; leaseMs: number; onlyId?: string }): Promise<DeliveryRow[]> {
  const conditions: SQL[] = [
    eq(d.status, "pending"),
    lte(d.nextAttemptAt, opts.now),
    or(isNull(d.leaseUntil), lt(d.leaseUntil, opts.now))!,
  ];
  if (opts.onlyId) conditions.push(eq(d.id, opts.onlyId));
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(and(...conditions))
    .orderBy(asc(d.nextAttemptAt))
    .limit(opts.limit)
    .for("update", { skipLocked: true });
  return db
    .update(d)
    .set({ leaseUntil: new Date(opts.now.getTime() + opts.leaseMs) })
    .where(and(inArray(d.id, due), ...conditions))
    .returning();
}
