// Printing for bench/detector/detect.ts: one labelled line per figure, so runs can be diffed.
import { aboveThreshold, chooseThreshold, confidenceBands } from "./confidence-bands";
import { AUTO_CAPTURE_CONFIDENCE } from "../../scanner/capture/guidance";

export interface Prediction { file: string; corners: number[][] | null; confidence: number; ms: number; cpuMs: number }
export interface Summary { n: number; mean_iou: number; ok90: number; fail: number; mean_ms: number; p95_ms: number; median_corner_err: number }
export interface Report {
  overall: Summary;
  by_tag: Record<string, Summary>;
  by_background: Record<string, Summary>;
  by_page_kind: Record<string, Summary>;
  images: { file: string; iou: number }[];
}

const f = (v: number, d: number) => (Number.isFinite(v) ? v.toFixed(d) : "-");
const groups = (g: Record<string, Summary>) => Object.entries(g).map(([k, s]) => `${k}=${f(s.mean_iou, 2)}`).join(" ");

/**
 * Accuracy, wall and CPU ms (CPU beside wall because on a shared machine wall
 * time mostly measures the load), and mean IoU by tag, background and page kind.
 */
export function printReport(label: string, r: Report, preds: Prediction[]): void {
  const o = r.overall;
  const cpu = preds.map((p) => p.cpuMs).sort((a, b) => a - b);
  console.log(`${label} mean_iou ${f(o.mean_iou, 4)} ok90 ${f(o.ok90, 3)} fail ${f(o.fail, 3)} n ${o.n}`);
  console.log(`${label} ms_mean ${f(o.mean_ms, 2)} ms_p95 ${f(o.p95_ms, 2)} cpu_ms_mean ${f(cpu.reduce((a, v) => a + v, 0) / cpu.length, 2)} ` +
    `cpu_ms_p95 ${f(cpu[Math.ceil(0.95 * cpu.length) - 1], 2)}`);
  console.log(`${label} by_tag ${groups(r.by_tag)}`);
  console.log(`${label} by_background ${groups(r.by_background)}`);
  console.log(`${label} by_page_kind ${groups(r.by_page_kind)}`);
}

/** Mean IoU by confidence band, the scanner's auto-capture threshold on this set, and the threshold this set would choose. */
export function printBands(label: string, r: Report, preds: Prediction[]): void {
  const iou = new Map(r.images.map((im) => [im.file, im.iou]));
  const rows = preds.map((p) => ({ confidence: p.confidence, iou: iou.get(p.file) ?? 0 }));
  for (const b of confidenceBands(rows)) {
    console.log(`${label} band ${b.from.toFixed(2)}-${b.to.toFixed(2)} n ${b.n} mean_iou ${f(b.meanIou, 3)} ok90 ${f(b.ok90, 3)}`);
  }
  const at = aboveThreshold(rows, AUTO_CAPTURE_CONFIDENCE);
  console.log(`${label} auto_capture >= ${AUTO_CAPTURE_CONFIDENCE}: ${at.n} frames (${f(100 * at.share, 1)} %), ok90 ${f(at.ok90, 3)}`);
  const t = chooseThreshold(rows, 0.97);
  console.log(`${label} threshold_for_97pct_ok90 ${t ?? "none"}${t === null ? "" : ` (${aboveThreshold(rows, t).n} frames)`}`);
}
