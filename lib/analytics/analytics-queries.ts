import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { schema, type Db } from "../db";
import type { SessionStatus } from "../db/schema";
import type { AnalyticsWindow } from "./window";

const s = schema.sessions;

/** The status a read would show (lib/sessions/effective-status.ts, in SQL): expiry applied at `now`. */
function effectiveStatusSql(now: Date) {
  return sql<SessionStatus>`case
    when ${s.status} in ('created', 'opened') and ${s.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    when ${s.status} = 'scanning' and ${s.expiresAt} <= ${now.toISOString()}::timestamptz then 'failed'
    else ${s.status} end`;
}

const inWindow = (tenantId: string, w: AnalyticsWindow) => and(eq(s.tenantId, tenantId), gte(s.createdAt, w.start), lt(s.createdAt, w.end));

/** Session counts grouped by UTC creation day, current (effective) status and mode. */
export async function countSessions(db: Db, tenantId: string, w: AnalyticsWindow, now: Date) {
  const day = sql<string>`to_char(${s.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const status = effectiveStatusSql(now);
  const rows = await db
    .select({ day, status, mode: s.mode, count: sql<number>`count(*)::int` })
    .from(s)
    .where(inWindow(tenantId, w))
    // By position: the status expression carries bound parameters, so repeating it would not match.
    .groupBy(sql`1, 2, 3`);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Pages and bytes of the documents produced in the window (usage events). */
export async function sumUsage(db: Db, tenantId: string, w: AnalyticsWindow) {
  const u = schema.usageEvents;
  const [row] = await db
    .select({ pages: sql<number>`coalesce(sum(${u.pages}), 0)::bigint`, bytes: sql<number>`coalesce(sum(${u.bytes}), 0)::bigint` })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), gte(u.createdAt, w.start), lt(u.createdAt, w.end)));
  return { pages: Number(row?.pages ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Credits spent in the window: the negative ledger deltas, as a positive figure. */
export async function sumCreditsSpent(db: Db, tenantId: string, w: AnalyticsWindow): Promise<number> {
  const l = schema.creditLedger;
  const [row] = await db
    .select({ spent: sql<number>`coalesce(sum(-${l.delta}), 0)::bigint` })
    .from(l)
    .where(and(eq(l.tenantId, tenantId), lt(l.delta, 0), gte(l.createdAt, w.start), lt(l.createdAt, w.end)));
  return Number(row?.spent ?? 0);
}

/** The newest sessions of the window with their current status. */
export async function recentSessions(db: Db, tenantId: string, w: AnalyticsWindow, now: Date, limit: number) {
  return db
    .select({ id: s.id, status: effectiveStatusSql(now), mode: s.mode, pages: s.pageCount, createdAt: s.createdAt })
    .from(s)
    .where(inWindow(tenantId, w))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit);
}
