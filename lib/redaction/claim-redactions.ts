import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db";
import { sessions, tenants, type SessionStatus } from "../db/schema";
import { REDACTION_LEASE_MS } from "./request-redaction";

/** States a session cannot leave except by delivery: the retention policy redacts only these. */
const FINISHED: SessionStatus[] = ["completed", "delivered", "failed", "expired"];

/**
 * Claims up to `limit` sessions the scheduled run should redact, and leases them: those
 * whose redaction was asked for and not finished (a storage failure, a process that died),
 * and finished sessions of accounts with `redact_after_days` that finished at least that long
 * ago (completed, failed, or for an expired one its TTL's end). One statement: the rows are
 * picked `for update skip locked` and leased in the same update, so runs at once (several
 * instances) take disjoint pages, and a lease held by a request or another run is left
 * alone until it runs out. The policy's sessions are recorded as requested by it. Catching
 * up after downtime is the same query: everything past its time is due.
 */
export async function claimRedactions(db: Db, now: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const finishedAt = sql`coalesce(${sessions.completedAt}, ${sessions.failedAt}, ${sessions.expiresAt})`;
  const due = db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(
      and(
        isNull(sessions.redactedAt),
        or(isNull(sessions.redactionLeaseUntil), lte(sessions.redactionLeaseUntil, now)),
        or(
          isNotNull(sessions.redactionRequestedAt),
          and(isNotNull(tenants.redactAfterDays), inArray(sessions.status, FINISHED), lte(finishedAt, sql`${at} - make_interval(days => ${tenants.redactAfterDays})`)),
        ),
      ),
    )
    .limit(limit)
    .for("update", { of: sessions, skipLocked: true });
  const policy = JSON.stringify({ kind: "retention_policy", id: null });
  return db
    .update(sessions)
    .set({
      redactionRequestedAt: sql`coalesce(${sessions.redactionRequestedAt}, ${at})`,
      redactionActor: sql`coalesce(${sessions.redactionActor}, ${policy}::jsonb)`,
      redactionLeaseUntil: new Date(now.getTime() + REDACTION_LEASE_MS),
    })
    .where(and(inArray(sessions.id, due), isNull(sessions.redactedAt)))
    .returning({ id: sessions.id, tenantId: sessions.tenantId });
}
