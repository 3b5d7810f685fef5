import type { ChartPoint, ChartSeries } from "./chart-parts";

/** Plot size in CSS pixels; the width follows the card, the height is fixed. */
export const HEIGHT = 220;
export const MARGIN = { top: 12, right: 12, bottom: 28, left: 40 } as const;

/** Roughly how many pixels one x-axis date label needs. */
const LABEL_SPACE = 64;

export interface ChartGeometry {
  /** Width of one day's band. */
  band: number;
  baseline: number;
  x: (index: number) => number;
  y: (value: number) => number;
  yTicks: { value: number; y: number }[];
  xTicks: { index: number; label: string }[];
}

/**
 * Scales for counts per day: one band per day on x (its centre carries the point), and a
 * y axis from 0 to a round maximum in whole steps (1, 2, 5 × 10ⁿ), so counts read as counts.
 */
export function chartGeometry(points: readonly ChartPoint[], series: readonly ChartSeries[], width: number): ChartGeometry {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const baseline = HEIGHT - MARGIN.bottom;
  const band = plotWidth / Math.max(1, points.length);
  const max = Math.max(0, ...points.flatMap((p) => p.values.slice(0, series.length)));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const y = (value: number) => baseline - (value / top) * (baseline - MARGIN.top);
  const yTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => ({ value: i * step, y: y(i * step) }));
  const every = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(plotWidth / LABEL_SPACE))));
  // Label from the newest day backwards, so today always carries a label.
  const xTicks = points.map((p, index) => ({ index, label: p.shortLabel })).filter((t) => (points.length - 1 - t.index) % every === 0);
  return { band, baseline, x: (i) => MARGIN.left + (i + 0.5) * band, y, yTicks, xTicks };
}

/** A whole-number tick step giving at most about four intervals. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return nice * magnitude;
}
