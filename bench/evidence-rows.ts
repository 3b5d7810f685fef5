import path from "node:path";
import { detectWithEvidence } from "../scanner/detector/detect";
import { readImage } from "../scripts/detect";
import type { TrainingSet, TruthRow } from "./training-set";

/**
 * The input of bench/fit-confidence.py: per frame, the detector's evidence and the IoU of its
 * answer. `firstLookOnly` leaves out the extra looks, which the confidence itself chooses, so
 * that evidence does not depend on any confidence weight (the first pass of the two-pass fit).
 */
export function evidenceRows(set: TrainingSet, truths: TruthRow[], firstLookOnly: boolean) {
  return truths.map((t) => {
    const r = detectWithEvidence(readImage(path.join(set.dir, t.file)), { minConfidence: 0, ...(firstLookOnly ? { secondLook: false } : {}) });
    return { file: t.file, iou: set.scoreOne(t, r?.detection?.corners ?? null).iou, evidence: r?.evidence ?? null };
  });
}
