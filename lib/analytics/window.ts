import { z } from "zod";

const DAY_MS = 86_400_000;

export interface AnalyticsWindow {
  days: number;
  /** First day, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day (today, UTC), YYYY-MM-DD. */
  to: string;
  /** Inclusive start instant (from 00:00Z) and exclusive end (the day after `to`, 00:00Z). */
  start: Date;
  end: Date;
  /** Every day of the window, oldest first. */
  dates: string[];
}

/** The analytics query as sent; `parseDays` reads it (it never fails validation, SPEC.md). */
export const AnalyticsQuery = z.object({ days: z.string().optional().meta({ description: "1 to 90; anything else counts as 30" }) });

/** The analytics query as read: `days` never fails validation (SPEC.md). */
export const DaysQuery = AnalyticsQuery.transform((q) => ({ days: parseDays(q.days) }));

/** `days` from the query: an integer 1–90, anything else (absent, out of range, unparseable) is 30. */
export function parseDays(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return 30;
  const n = Number(raw.trim());
  return n >= 1 && n <= 90 ? n : 30;
}

/** The window ending today (UTC): `to` = today, `from` = today − (days − 1). */
export function analyticsWindow(days: number, now: Date): AnalyticsWindow {
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const startMs = todayStart - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) => isoDate(startMs + i * DAY_MS));
  return { days, from: dates[0], to: dates[days - 1], start: new Date(startMs), end: new Date(todayStart + DAY_MS), dates };
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
