"use client";

import { useState } from "react";
import { formatNumber, formatPercent } from "../format";
import type { Analytics } from "../types";
import { DataGate } from "../ui/data-gate";
import { Card } from "../ui/layout-parts";
import { LineChart, type ChartPoint } from "../ui/line-chart";
import { useApiData } from "../use-api-data";
import { RecentSessions } from "./recent-sessions";

const WINDOWS = [7, 30, 90] as const;
const SERIES = [
  { key: "created", label: "Created" },
  { key: "completed", label: "Completed" },
  { key: "failed", label: "Failed" },
] as const;

const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Sessions over a chosen window (7, 30 or 90 days): totals, the daily chart, modes and the newest sessions. */
export function Activity() {
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const analytics = useApiData<Analytics>(`/v1/dashboard/analytics?days=${days}`);
  const shown = analytics.data;
  return (
    <>
      <Card title="Activity" titleId="activity" actions={<WindowPicker days={days} onChange={setDays} updating={analytics.loading && shown !== null} />}>
        <DataGate state={analytics} what="activity">
          {(a) => <ActivityBody a={a} />}
        </DataGate>
      </Card>
      <Card title="Recent sessions" titleId="recent-sessions">
        <DataGate state={analytics} what="recent sessions">
          {(a) => <RecentSessions recent={a.recent} days={a.days} />}
        </DataGate>
      </Card>
    </>
  );
}

function WindowPicker({ days, onChange, updating }: { days: number; onChange: (d: (typeof WINDOWS)[number]) => void; updating: boolean }) {
  return (
    <fieldset className="c-segmented">
      <legend className="c-visually-hidden">Window</legend>
      {WINDOWS.map((d) => (
        <label key={d}>
          <input type="radio" name="analytics-window" value={d} checked={days === d} onChange={() => onChange(d)} />
          <span>{d} days</span>
        </label>
      ))}
      <span role="status" className="c-segmented__status">
        {updating ? "Updating…" : ""}
      </span>
    </fieldset>
  );
}

function ActivityBody({ a }: { a: Analytics }) {
  const t = a.totals;
  const points: ChartPoint[] = a.series.map((d) => ({
    key: d.date,
    shortLabel: shortDay.format(new Date(`${d.date}T00:00:00Z`)),
    longLabel: longDay.format(new Date(`${d.date}T00:00:00Z`)),
    values: SERIES.map((s) => d[s.key]),
  }));
  const stats = [
    { label: "Created", value: formatNumber(t.sessions), id: "created" },
    { label: "Completed", value: formatNumber(t.completed), id: "completed" },
    { label: "Failed", value: formatNumber(t.failed), id: "failed" },
    { label: "Expired", value: formatNumber(t.expired), id: "expired" },
    { label: "Completion rate", value: formatPercent(t.completion_rate), id: "rate" },
  ];
  return (
    <>
      <p className="c-muted" data-testid="activity-summary">
        Sessions created from {longDay.format(new Date(`${a.from}T00:00:00Z`))} to {longDay.format(new Date(`${a.to}T00:00:00Z`))} (the last {a.days} days, UTC), by their status now.
      </p>
      <dl className="c-stats">
        {stats.map((s) => (
          <div key={s.id} className="c-stat" data-testid={`total-${s.id}`}>
            <dt className="c-stat__label">{s.label}</dt>
            <dd className="c-stat__value">{s.value}</dd>
          </div>
        ))}
      </dl>
      <LineChart title={`Sessions per day, last ${a.days} days`} series={SERIES} points={points} />
      <h3 className="c-subhead">By mode</h3>
      <dl className="c-stats c-stats--small" data-testid="by-mode">
        {a.by_mode.map((m) => (
          <div key={m.mode} className="c-stat">
            <dt className="c-stat__label">{m.mode === "live" ? "Live" : "Test"} sessions</dt>
            <dd className="c-stat__value">{formatNumber(m.count)}</dd>
          </div>
        ))}
        <div className="c-stat">
          <dt className="c-stat__label">Pages scanned</dt>
          <dd className="c-stat__value">{formatNumber(t.pages)}</dd>
        </div>
        <div className="c-stat">
          <dt className="c-stat__label">Credits spent</dt>
          <dd className="c-stat__value">{formatNumber(t.credits_spent)}</dd>
        </div>
      </dl>
    </>
  );
}
