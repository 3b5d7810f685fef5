"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatNumber } from "../format";
import { ChartLegend, ChartTable, type ChartPoint, type ChartSeries } from "./chart-parts";
import { chartGeometry, HEIGHT, MARGIN } from "./chart-scale";

/** Up to this many days every point gets a dot; beyond, only the day under the cursor. */
const DOTS_UP_TO = 14;

export type { ChartPoint, ChartSeries } from "./chart-parts";

interface LineChartProps {
  /** What the chart shows, e.g. "Sessions per day, last 30 days" (its accessible name). */
  title: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
}

/**
 * A small hand-written SVG line chart (docs/console.md, "Chart library"): axes, legend, a
 * tooltip on hover and on keyboard focus (arrow keys, Home, End walk the days, each one
 * announced), and the same numbers as a table for anyone who prefers to read them.
 */
export function LineChart({ title, series, points }: LineChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  const [active, setActive] = useState<number | null>(null);
  const [announce, setAnnounce] = useState("");
  const helpId = useId();
  const g = chartGeometry(points, series, width);

  function activate(index: number, byKeyboard: boolean) {
    const i = Math.max(0, Math.min(points.length - 1, index));
    setActive(i);
    if (byKeyboard) setAnnounce(describePoint(points[i], series));
  }
  function onKey(e: KeyboardEvent) {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -1, ArrowUp: 1, PageDown: -7, PageUp: 7 };
    const current = active ?? points.length - 1;
    if (e.key in step) activate(current + step[e.key], true);
    else if (e.key === "Home") activate(0, true);
    else if (e.key === "End") activate(points.length - 1, true);
    else return;
    e.preventDefault();
  }
  function onMouse(e: MouseEvent) {
    const box = e.currentTarget.getBoundingClientRect();
    activate(Math.floor((e.clientX - box.left - MARGIN.left) / g.band), false);
  }

  const tip = active === null ? null : points[active];
  const tipLeft = active === null ? 0 : g.x(active);
  return (
    <div className="c-chart">
      <div
        ref={boxRef}
        className="c-chart__plot"
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label={title}
        aria-describedby={helpId}
        onKeyDown={onKey}
        onFocus={() => activate(active ?? points.length - 1, true)}
        onBlur={() => setActive(null)}
        onMouseMove={onMouse}
        onMouseLeave={() => document.activeElement !== boxRef.current && setActive(null)}
        data-testid="chart"
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false">
          {g.yTicks.map((t) => (
            <g key={t.value} className="c-chart__grid">
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={t.y} y2={t.y} />
              <text x={MARGIN.left - 6} y={t.y} dy="0.32em" textAnchor="end">
                {formatNumber(t.value)}
              </text>
            </g>
          ))}
          {g.xTicks.map((t) => (
            <text key={t.index} className="c-chart__xlabel" x={g.x(t.index)} y={HEIGHT - 8} textAnchor="middle">
              {t.label}
            </text>
          ))}
          <line className="c-chart__axis" x1={MARGIN.left} x2={width - MARGIN.right} y1={g.baseline} y2={g.baseline} />
          {active !== null && <line className="c-chart__cursor" x1={tipLeft} x2={tipLeft} y1={MARGIN.top} y2={g.baseline} />}
          {series.map((s, si) => (
            <g key={s.key} className={`c-chart__series c-chart__series--${si + 1}`}>
              <polyline points={points.map((p, i) => `${g.x(i)},${g.y(p.values[si])}`).join(" ")} />
              {points.map((p, i) =>
                points.length <= DOTS_UP_TO || i === active ? <circle key={p.key} cx={g.x(i)} cy={g.y(p.values[si])} r={i === active ? 5 : 3} /> : null,
              )}
            </g>
          ))}
        </svg>
        {tip && (
          <div className={tipLeft > width / 2 ? "c-chart__tip c-chart__tip--left" : "c-chart__tip"} style={{ left: tipLeft }} aria-hidden="true" data-testid="chart-tooltip">
            <strong>{tip.longLabel}</strong>
            {series.map((s, si) => (
              <span key={s.key} className={`c-chart__tip-row c-chart__series--${si + 1}`}>
                <span className="c-chart__dot" /> {s.label}: {formatNumber(tip.values[si])}
              </span>
            ))}
          </div>
        )}
      </div>
      <p id={helpId} className="c-visually-hidden">
        Use the left and right arrow keys to read the numbers for each day; Home and End go to the first and last day.
      </p>
      <p className="c-visually-hidden" aria-live="polite">
        {announce}
      </p>
      <ChartLegend series={series} />
      <ChartTable title={title} series={series} points={points} />
    </div>
  );
}

function describePoint(p: ChartPoint, series: readonly ChartSeries[]): string {
  return `${p.longLabel}: ${series.map((s, i) => `${formatNumber(p.values[i])} ${s.label.toLowerCase()}`).join(", ")}`;
}

/** The plot's width in CSS pixels, following its box (phone to desktop). */
function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.floor(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
