import { formatNumber } from "../format";
import { TableScroll } from "./table-scroll";

export interface ChartSeries {
  key: string;
  label: string;
}

/** One x position (a day): its labels and one value per series, in series order. */
export interface ChartPoint {
  key: string;
  shortLabel: string;
  longLabel: string;
  values: number[];
}

/** The legend: each series' colour and line style (solid, dashed, dotted), so colour is not the only cue. */
export function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="c-legend" aria-label="Legend">
      {series.map((s, i) => (
        <li key={s.key} className={`c-chart__series--${i + 1}`}>
          <svg width="28" height="10" aria-hidden="true" focusable="false">
            <line x1="1" x2="27" y1="5" y2="5" />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** The chart's numbers as a table, behind a disclosure (read by screen readers and anyone). */
export function ChartTable({ title, series, points }: { title: string; series: readonly ChartSeries[]; points: readonly ChartPoint[] }) {
  return (
    <details className="c-chart__data">
      <summary>Show the numbers as a table</summary>
      <TableScroll label={`${title}, as a table`}>
        <table className="c-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="c-num">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.longLabel}</th>
                {p.values.map((v, i) => (
                  <td key={series[i]?.key ?? i} className="c-num">
                    {formatNumber(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
