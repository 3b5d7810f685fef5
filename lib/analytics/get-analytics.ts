import type { Ctx } from "../context";
import { SESSION_STATUSES } from "../db/schema";
import { countSessions, recentSessions, sumCreditsSpent, sumUsage } from "./analytics-queries";
import { analyticsWindow, type AnalyticsWindow } from "./window";

/** How many sessions `recent` lists. */
const RECENT = 10;

type CountRow = Awaited<ReturnType<typeof countSessions>>[number];

/**
 * `GET /v1/dashboard/analytics`: the caller's sessions created in the window ending today
 * (UTC), aggregated in SQL. Statuses are current ones with expiry applied as reads do;
 * `completed` counts `completed` and `delivered`; pages and bytes come from usage events and
 * `credits_spent` from negative ledger deltas in the window.
 */
export async function getAnalytics({ ctx, ...args }: { ctx: Ctx; tenantId: string; days: number }) {
  const { db, now } = ctx;
  const w = analyticsWindow(args.days, now);
  const [counts, usage, creditsSpent, recent] = await Promise.all([
    countSessions(db, args.tenantId, w, now),
    sumUsage(db, args.tenantId, w),
    sumCreditsSpent(db, args.tenantId, w),
    recentSessions(db, args.tenantId, w, now, RECENT),
  ]);
  const summary = summarise(counts, w);
  return {
    from: w.from,
    to: w.to,
    days: w.days,
    totals: { ...summary.totals, pages: usage.pages, bytes: usage.bytes, credits_spent: creditsSpent, completion_rate: summary.completionRate },
    series: summary.series,
    by_status: summary.byStatus,
    by_mode: summary.byMode,
    recent: recent.map((r) => ({ id: r.id, status: r.status, mode: r.mode, pages: r.pages ?? 0, created_at: r.createdAt.toISOString() })),
  };
}

const isCompleted = (r: CountRow) => r.status === "completed" || r.status === "delivered";

/** Folds the grouped counts (day × status × mode) into the response's session figures. */
function summarise(counts: CountRow[], w: AnalyticsWindow) {
  const sum = (pick: (r: CountRow) => boolean) => counts.filter(pick).reduce((n, r) => n + r.count, 0);
  const sessions = sum(() => true);
  const completed = sum(isCompleted);
  return {
    totals: { sessions, completed, failed: sum((r) => r.status === "failed"), expired: sum((r) => r.status === "expired") },
    completionRate: sessions === 0 ? 0 : completed / sessions,
    series: w.dates.map((date) => ({
      date,
      created: sum((r) => r.day === date),
      completed: sum((r) => r.day === date && isCompleted(r)),
      failed: sum((r) => r.day === date && r.status === "failed"),
    })),
    byStatus: SESSION_STATUSES.map((status) => ({ status, count: sum((r) => r.status === status) })),
    byMode: (["test", "live"] as const).map((mode) => ({ mode, count: sum((r) => r.mode === mode) })),
  };
}
