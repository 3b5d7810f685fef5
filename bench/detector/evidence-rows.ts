import path from "node:path";
import { detectWithEvidence } from "../../scanner/detector/detect";
import { RANK_WEIGHTS } from "../../scanner/detector/rank-model";
import { readImage } from "../../scripts/detect";
import { fitRanking, foldOf, installRanking, type RankingFitOptions, type Weights } from "./fits";
import type { TrainingSet, TruthRow } from "./training-set";

export type EvidenceRow = ReturnType<typeof evidenceRows>[number];

/**
 * The input of bench/detector/fit-confidence.py: per frame, the detector's evidence and the IoU of its
 * answer. `firstLookOnly` leaves out the extra looks, which the confidence itself chooses, so
 * that evidence does not depend on any confidence weight (the first pass of the two-pass fit).
 */
export function evidenceRows(set: TrainingSet, truths: TruthRow[], firstLookOnly: boolean) {
  return truths.map((t) => {
    const r = detectWithEvidence(readImage(path.join(set.dir, t.file)), { minConfidence: 0, ...(firstLookOnly ? { secondLook: false } : {}) });
    return { file: t.file, iou: set.scoreOne(t, r?.detection?.corners ?? null).iou, evidence: r?.evidence ?? null };
  });
}

/**
 * The rankings for cross-fitted evidence: `truths` cut into `folds` (index mod folds), and for each
 * fold the ranking fitted on the others' shortlist rows. `scratch` is a path prefix for their rows.
 */
export function crossFitRankings(truths: TruthRow[], rankRows: readonly { file: string }[], folds: number, scratch: string, options: RankingFitOptions) {
  const fold = foldOf(truths.length, folds, null);
  const weights = [...Array(folds).keys()].map((k) =>
    fitRanking(rankRows, new Set(truths.filter((_, i) => fold[i] !== k).map((t) => t.file)), `${scratch}-${k}.json`, options));
  return { fold, weights };
}

/**
 * Evidence rows in which no frame's answer comes from a ranking fitted on it: each fold's frames
 * detected under the ranking fitted on the other folds. On the frames it was fitted on, the ranking
 * is right more often than it will be on a phone's, so a confidence fitted on that evidence learns
 * to trust it too much (docs/detector.md). The shipped ranking is put back afterwards.
 */
export function crossFittedEvidenceRows(set: TrainingSet, truths: TruthRow[], rankings: { fold: number[]; weights: Weights[] }, firstLookOnly: boolean): EvidenceRow[] {
  const shipped = { ...RANK_WEIGHTS } as unknown as Weights;
  const rows = new Array<EvidenceRow>(truths.length);
  try {
    rankings.weights.forEach((weights, k) => {
      installRanking(weights);
      const inFold = truths.map((t, i) => ({ t, i })).filter(({ i }) => rankings.fold[i] === k);
      evidenceRows(set, inFold.map(({ t }) => t), firstLookOnly).forEach((row, j) => { rows[inFold[j].i] = row; });
    });
  } finally {
    installRanking(shipped);
  }
  return rows;
}
