// npx tsx bench/detector/detect-crossval.ts TRAIN_DIR OUT_DIR [--scorer score.mjs] [--folds 5] [--seed N] [--weigh small=2,partial=2,clutter=2] [--lambda 0.1] [--confidence-lambda 1] [--confidence-evidence cross-fitted|in-sample]
// The whole detector on frames its fitted parts never saw: k-fold cross-validation on a training
// set of the ranking weights (fit-ranking.py) and the confidence model (fit-confidence.py). Frame i
// of truth.jsonl is in fold i mod k (with --seed N, its place in a seeded shuffle, mod k: another split,
// to see how much the split moves the figures). For each fold: fit the ranking on the other folds' shortlist
// rows, install it, produce their evidence (each frame under a ranking fitted without it, from the
// other folds' frames only), fit the confidence, install it, detect the fold's frames.
// The held-out predictions, put together, are scored beside the shipped weights' (in-sample) ones.
// Hand-set thresholds (size prior, extra looks, auto-capture) are used as they are, not cross-validated.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectWithEvidence } from "../../scanner/detector/detect";
import { CONFIDENCE_WEIGHTS } from "../../scanner/detector/confidence";
import { readImage } from "../../scripts/detect";
import { printBands, printReport, type Prediction, type Report, type Summary } from "./detect-report";
import { crossFitRankings, crossFittedEvidenceRows, evidenceRows } from "./evidence-rows";
import { fitRanking, fittedWeights, foldOf, install, installRanking, python, SHIPPED_RANKING_FIT, type Weights } from "./fits";
import { trainingSetFromArgs, type TrainingSet, type TruthRow } from "./training-set";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const USAGE = "npx tsx bench/detector/detect-crossval.ts TRAIN_DIR OUT_DIR [--scorer score.mjs] [--folds 5] [--seed N] [--weigh small=2,partial=2,clutter=2] [--lambda 0.1] [--confidence-lambda 1] [--confidence-evidence cross-fitted|in-sample]";

/** Takes `--name value` out of argv; the rest goes to trainingSetFromArgs. */
function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(name);
  return i < 0 ? fallback : argv.splice(i, 2)[1];
}

/** The detector as the scanner calls it (default options), with the weights installed now. */
function predict(set: TrainingSet, truths: TruthRow[]): Prediction[] {
  return truths.map((t) => {
    const frame = readImage(path.join(set.dir, t.file));
    const t0 = performance.now(), c0 = process.cpuUsage();
    const d = detectWithEvidence(frame)?.detection ?? null;
    const c = process.cpuUsage(c0);
    return { file: t.file, corners: d?.corners ?? null, confidence: d?.confidence ?? 0, ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
  });
}

function score(set: TrainingSet, name: string, preds: Prediction[]): Report {
  const predPath = path.join(set.out, `${name}.jsonl`), jsonPath = path.join(set.out, `${name}-score.json`);
  writeFileSync(predPath, preds.map((p) => JSON.stringify(p)).join("\n") + "\n");
  execFileSync("node", [set.scorer, path.join(set.dir, "truth.jsonl"), predPath, "--json", jsonPath, "--quiet"]);
  return JSON.parse(readFileSync(jsonPath, "utf8")) as Report;
}

/** One row per group: n, then mean IoU and share at IoU >= 0.9, in-sample against cross-validated. */
function printComparison(inSample: Report, cv: Report): void {
  const row = (name: string, a: Summary, b: Summary) =>
    console.log(`| ${name} | ${a.n} | ${a.mean_iou.toFixed(4)} | ${b.mean_iou.toFixed(4)} | ${(100 * a.ok90).toFixed(1)} % | ${(100 * b.ok90).toFixed(1)} % | ${(100 * a.fail).toFixed(1)} % | ${(100 * b.fail).toFixed(1)} % |`);
  console.log("\n| group | n | mean IoU in-sample | mean IoU CV | ok90 in-sample | ok90 CV | fail in-sample | fail CV |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  row("all", inSample.overall, cv.overall);
  for (const key of ["by_tag", "by_background", "by_page_kind"] as const) {
    for (const g of Object.keys(inSample[key]).sort()) row(`${key.slice(3)} ${g}`, inSample[key][g], cv[key][g]);
  }
}

async function main(argv: string[]): Promise<number> {
  const folds = Number(option(argv, "--folds", "5"));
  const seed = option(argv, "--seed", "");
  const fit = { weigh: option(argv, "--weigh", SHIPPED_RANKING_FIT.weigh), lambda: option(argv, "--lambda", SHIPPED_RANKING_FIT.lambda) };
  const evidenceMode = option(argv, "--confidence-evidence", "cross-fitted");
  const crossFitted = evidenceMode === "cross-fitted";
  const confidenceLambda = option(argv, "--confidence-lambda", "1");
  const set = await trainingSetFromArgs(argv, USAGE);
  if (!set || !(folds >= 3) || !["cross-fitted", "in-sample"].includes(evidenceMode)) return 2;
  const { out, scorer } = set;
  mkdirSync(out, { recursive: true });
  const fold = foldOf(set.truths.length, folds, seed === "" ? null : Number(seed));
  writeFileSync(path.join(out, "folds.json"), JSON.stringify(set.truths.map((t, i) => ({ file: t.file, fold: fold[i] }))));

  // First the shipped weights on every frame: the in-sample figures, from the same code and scorer.
  const inSample = predict(set, set.truths);

  // The shortlist and its cues do not depend on any weight, so one dump serves every fold's ranking fit.
  const rankAll = path.join(out, "rank-all.json");
  execFileSync(path.join(repoRoot, "node_modules/.bin/tsx"), [path.join(repoRoot, "bench/detector/detect-ranking.ts"), set.dir, rankAll, "--scorer", scorer], { stdio: "inherit" });
  const rankRows = JSON.parse(readFileSync(rankAll, "utf8")) as { file: string }[];

  const heldOut = new Map<string, Prediction>();
  for (let k = 0; k < folds; k++) {
    const dir = path.join(out, `fold-${k}`);
    mkdirSync(dir, { recursive: true });
    const inFold = (i: number) => fold[i] === k;
    const train = set.truths.filter((_, i) => !inFold(i)), test = set.truths.filter((_, i) => inFold(i));
    const trainFiles = new Set(train.map((t) => t.file));

    const ranking = fitRanking(rankRows, trainFiles, path.join(dir, "rank.json"), fit);
    // The confidence's evidence, each training frame's made under a ranking fitted on the other
    // training folds (evidence-rows.ts), or (`--confidence-evidence in-sample`) under this fold's ranking.
    const inner = crossFitted ? crossFitRankings(train, rankRows, folds - 1, path.join(dir, "rank-inner"), fit) : null;
    installRanking(ranking);

    // The evidence depends on the confidence too (it picks among the extra looks). To fit on nothing
    // of the held-out fold, start from a confidence fitted on the first look's evidence alone (which no
    // confidence weight touches), then fit again on the whole pipeline's evidence under it.
    let confidence: Weights = {};
    for (const firstLookOnly of [true, false]) {
      const evidencePath = path.join(dir, firstLookOnly ? "evidence-first-look.json" : "evidence.json");
      const rows = inner ? crossFittedEvidenceRows(set, train, inner, firstLookOnly) : evidenceRows(set, train, firstLookOnly);
      writeFileSync(evidencePath, JSON.stringify(rows));
      confidence = fittedWeights(python("fit-confidence.py", [evidencePath, confidenceLambda]), "bias");
      install(CONFIDENCE_WEIGHTS, confidence);
    }
    writeFileSync(path.join(dir, "weights.json"), JSON.stringify({ ranking, confidence }, null, 1));
    for (const p of predict(set, test)) heldOut.set(p.file, p);
    console.log(`fold ${k}: fitted on ${train.length} frames, detected ${test.length}`);
  }

  const cv = set.truths.map((t) => heldOut.get(t.file)!);
  const inSampleReport = score(set, "in-sample", inSample), cvReport = score(set, "crossval", cv);
  printReport("in-sample", inSampleReport, inSample);
  printBands("in-sample", inSampleReport, inSample);
  printReport("crossval", cvReport, cv);
  printBands("crossval", cvReport, cv);
  printComparison(inSampleReport, cvReport);
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
