// Confidence bands: does the detector's confidence predict its IoU, and which
// auto-capture threshold keeps the frames it would take at IoU >= 0.9.

export interface Scored { confidence: number; iou: number }
export interface Band { from: number; to: number; n: number; meanIou: number; ok90: number }

export const BAND_EDGES = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001];

/** Mean IoU and share at IoU >= 0.9 of the frames in each confidence band. */
export function confidenceBands(rows: readonly Scored[], edges: readonly number[] = BAND_EDGES): Band[] {
  const bands: Band[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const inBand = rows.filter((r) => r.confidence >= edges[i] && r.confidence < edges[i + 1]);
    const n = inBand.length;
    bands.push({
      from: edges[i], to: Math.min(1, edges[i + 1]), n,
      meanIou: n ? inBand.reduce((s, r) => s + r.iou, 0) / n : NaN,
      ok90: n ? inBand.filter((r) => r.iou >= 0.9).length / n : NaN,
    });
  }
  return bands;
}

/** Of the frames at or above `threshold`: how many, and the share at IoU >= 0.9. */
export function aboveThreshold(rows: readonly Scored[], threshold: number): { n: number; share: number; ok90: number } {
  const kept = rows.filter((r) => r.confidence >= threshold);
  const good = kept.filter((r) => r.iou >= 0.9).length;
  return { n: kept.length, share: rows.length ? kept.length / rows.length : 0, ok90: kept.length ? good / kept.length : NaN };
}

/**
 * The lowest threshold (on a 0.01 grid) above which at least `target` of the
 * frames have IoU >= 0.9, checked at every threshold above it too, so one lucky
 * frame at the bottom cannot choose it. Null when no threshold reaches the target.
 */
export function chooseThreshold(rows: readonly Scored[], target = 0.97, minFrames = 20): number | null {
  let chosen: number | null = null;
  for (let c = 99; c >= 0; c--) {
    const t = c / 100, a = aboveThreshold(rows, t);
    if (a.n < minFrames) continue;
    if (a.ok90 < target) break;
    chosen = t;
  }
  return chosen;
}
