import type { Db } from "../db";
import { SESSION_STATUSES } from "../db/schema";
import { countSessions, recentSessions, sumCreditsSpent, sumUsage } from "./analytics-queries";
import { analyticsWindow } from "./window";

/** How many sessions `recent` lists. */
const RECENT = 10;

type Counts = Awaited<ReturnType<typeof countSessions>>;

/**
 * `GET /v1/dashboard/analytics`: the caller's sessions created in the window ending today
 * (UTC), aggregated in SQL. Statuses are current ones with expiry applied as reads do;
 * `completed` counts `completed` and `delivered`; pages and bytes come from usage events and
 * `credits_spent` from negative ledger deltas in the window.
 */
export async function getAnalytics(args: { db: Db; tenantId: string; days: number; now: Date }) {
  const w = analyticsWindow(args.days, args.now);
  const [counts, usage, creditsSpent, recent] = await Promise.all([
    countSessions(args.db, args.tenantId, w, args.now),
    sumUsage(args.db, args.tenantId, w),
    sumCreditsSpent(args.db, args.tenantId, w),
    recentSessions(args.db, args.tenantId, w, args.now, RECENT),
  ]);
  const sum = (pick: (r: Counts[number]) => boolean) => counts.filter(pick).reduce((n, r) => n + r.count, 0);
  const isCompleted = (r: Counts[number]) => r.status === "completed" || r.status === "delivered";
  const sessions = sum(() => true);
  const completed = sum(isCompleted);
  return {
    from: w.from,
    to: w.to,
    days: w.days,
    totals: {
      sessions,
      completed,
      failed: sum((r) => r.status === "failed"),
      expired: sum((r) => r.status === "expired"),
      pages: usage.pages,
      bytes: usage.bytes,
      credits_spent: creditsSpent,
      completion_rate: sessions === 0 ? 0 : completed / sessions,
    },
    series: w.dates.map((date) => ({
      date,
      created: sum((r) => r.day === date),
      completed: sum((r) => r.day === date && isCompleted(r)),
      failed: sum((r) => r.day === date && r.status === "failed"),
    })),
    by_status: SESSION_STATUSES.map((status) => ({ status, count: sum((r) => r.status === status) })),
    by_mode: (["test", "live"] as const).map((mode) => ({ mode, count: sum((r) => r.mode === mode) })),
    recent: recent.map((r) => ({ id: r.id, status: r.status, mode: r.mode, pages: r.pages ?? 0, created_at: r.createdAt.toISOString() })),
  };
}
