// The detector's fitting tools (bench/detector/): how frames are cut into folds, how fitted weights are read
// back and installed, and that a failed cross-fitted pass leaves the shipped ranking in place.
import { describe, expect, it } from "vitest";
import { crossFittedEvidenceRows } from "../../bench/detector/evidence-rows";
import { fittedWeights, foldOf, install } from "../../bench/detector/fits";
import type { TrainingSet } from "../../bench/detector/training-set";
import { RANK_WEIGHTS } from "../../scanner/detector/rank-model";

const counts = (fold: number[], folds: number) => [...Array(folds).keys()].map((k) => fold.filter((f) => f === k).length);

describe("foldOf", () => {
  it("without a seed puts frame i in fold i mod folds", () => {
    expect(foldOf(7, 3, null)).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it("with a seed shuffles, keeps the folds' sizes within one of each other, and repeats for the same seed", () => {
    const a = foldOf(300, 5, 1);
    expect(counts(a, 5)).toEqual([60, 60, 60, 60, 60]);
    expect(a).not.toEqual(foldOf(300, 5, null));
    expect(foldOf(300, 5, 1)).toEqual(a);
    expect(foldOf(300, 5, 2)).not.toEqual(a);
    expect(counts(foldOf(7, 3, 9), 3).sort()).toEqual([2, 2, 3]);
  });
});

describe("fittedWeights / install", () => {
  it("reads the last weights line that starts with the given key", () => {
    const output = "fold 1 ...\nsides: 1.0, area: 2\nnoise\nsides: 1.25, area: -0.5, format: 0.03\n";
    expect(fittedWeights(output, "sides")).toEqual({ sides: 1.25, area: -0.5, format: 0.03 });
  });

  it("refuses output with no weights line", () => {
    expect(() => fittedWeights("nothing here", "sides")).toThrow(/no weights/);
  });

  it("installs every weight the target has, and refuses a fit that lacks one", () => {
    const target = { a: 1, b: 2 };
    install(target, { a: 5, b: 6, extra: 7 });
    expect(target).toEqual({ a: 5, b: 6 });
    expect(() => install(target, { a: 1 })).toThrow(/no weight for b/);
  });
});

describe("crossFittedEvidenceRows", () => {
  it("puts the shipped ranking back when a fold's detection fails", () => {
    const shipped = { ...RANK_WEIGHTS };
    const changed = Object.fromEntries(Object.keys(RANK_WEIGHTS).map((k) => [k, 0.123]));
    const set = { dir: "/no/such/dir", scoreOne: () => ({ iou: 0 }) } as unknown as TrainingSet;
    const truths = [{ file: "missing.jpg", tags: [] }];
    expect(() => crossFittedEvidenceRows(set, truths, { fold: [0], weights: [changed] }, true)).toThrow();
    expect({ ...RANK_WEIGHTS }).toEqual(shipped);
  });
});
