// npx tsx bench/detect-crossval.ts TRAIN_DIR OUT_DIR [--scorer score.mjs] [--folds 5] [--seed N] [--weigh small=2,partial=2,clutter=2] [--lambda 0.1] [--confidence-lambda 1]
// The whole detector on frames its fitted parts never saw: k-fold cross-validation on a training
// set of the ranking weights (fit-ranking.py) and the confidence model (fit-confidence.py). Frame i
// of truth.jsonl is in fold i mod k (with --seed N, its place in a seeded shuffle, mod k: another split,
// to see how much the split moves the figures). For each fold: fit the ranking on the other folds' shortlist
// rows, install it, produce their evidence, fit the confidence, install it, detect the fold's frames.
// The held-out predictions, put together, are scored beside the shipped weights' (in-sample) ones.
// Hand-set thresholds (size prior, extra looks, auto-capture) are used as they are, not cross-validated.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectWithEvidence } from "../scanner/detector/detect";
import { RANK_WEIGHTS } from "../scanner/detector/rank-model";
import { CONFIDENCE_WEIGHTS } from "../scanner/detector/confidence";
import { readImage } from "../scripts/detect";
import { printBands, printReport, type Prediction, type Report, type Summary } from "./detect-report";
import { evidenceRows } from "./evidence-rows";
import { trainingSetFromArgs, type TrainingSet, type TruthRow } from "./training-set";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "npx tsx bench/detect-crossval.ts TRAIN_DIR OUT_DIR [--scorer score.mjs] [--folds 5] [--seed N] [--weigh small=2,partial=2,clutter=2] [--lambda 0.1] [--confidence-lambda 1]";
type Weights = Record<string, number>;

/** Takes `--name value` out of argv; the rest goes to trainingSetFromArgs. */
function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(name);
  return i < 0 ? fallback : argv.splice(i, 2)[1];
}

/** The `key: value, ...` line a fit script prints, starting with `first`, as numbers. */
function fittedWeights(output: string, first: string): Weights {
  const line = output.split("\n").filter((l) => l.trim().startsWith(`${first}:`)).pop();
  if (!line) throw new Error(`no weights in the fit's output:\n${output}`);
  return Object.fromEntries([...line.matchAll(/(\w+): (-?[\d.]+)/g)].map((m) => [m[1], Number(m[2])]));
}

/** Puts fitted weights in place of the shipped ones, in this process only: the detector reads these objects on every call. */
function install(target: Weights, weights: Weights): void {
  for (const k of Object.keys(target)) {
    if (!(k in weights)) throw new Error(`fit gave no weight for ${k}`);
    target[k] = weights[k];
  }
}

/** Fold of each frame: its index mod `folds`, or its place in a shuffle seeded with `seed` (mulberry32) mod `folds`. */
function foldOf(n: number, folds: number, seed: number | null): number[] {
  const order = [...Array(n).keys()];
  if (seed !== null) {
    let a = seed >>> 0;
    const random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  const fold = new Array<number>(n);
  order.forEach((frame, place) => { fold[frame] = place % folds; });
  return fold;
}

function python(script: string, args: string[]): string {
  return execFileSync("python3", [path.join(repoRoot, "bench", script), ...args], { encoding: "utf8" });
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
  // Defaults: the shipped fit's options (docs/detector.md, eighth round): the rare kinds counted twice, λ 0.1.
  const weigh = option(argv, "--weigh", "small=2,partial=2,clutter=2");
  const lambda = option(argv, "--lambda", "0.1");
  const confidenceLambda = option(argv, "--confidence-lambda", "1");
  const set = await trainingSetFromArgs(argv, USAGE);
  if (!set || !(folds >= 2)) return 2;
  const { out, scorer } = set;
  mkdirSync(out, { recursive: true });
  const fold = foldOf(set.truths.length, folds, seed === "" ? null : Number(seed));
  writeFileSync(path.join(out, "folds.json"), JSON.stringify(set.truths.map((t, i) => ({ file: t.file, fold: fold[i] }))));

  // First the shipped weights on every frame: the in-sample figures, from the same code and scorer.
  const inSample = predict(set, set.truths);

  // The shortlist and its cues do not depend on any weight, so one dump serves every fold's ranking fit.
  const rankAll = path.join(out, "rank-all.json");
  execFileSync(path.join(repoRoot, "node_modules/.bin/tsx"), [path.join(repoRoot, "bench/detect-ranking.ts"), set.dir, rankAll, "--scorer", scorer], { stdio: "inherit" });
  const rankRows = JSON.parse(readFileSync(rankAll, "utf8")) as { file: string }[];

  const heldOut = new Map<string, Prediction>();
  for (let k = 0; k < folds; k++) {
    const dir = path.join(out, `fold-${k}`);
    mkdirSync(dir, { recursive: true });
    const inFold = (i: number) => fold[i] === k;
    const train = set.truths.filter((_, i) => !inFold(i)), test = set.truths.filter((_, i) => inFold(i));
    const trainFiles = new Set(train.map((t) => t.file));

    const rankPath = path.join(dir, "rank.json");
    writeFileSync(rankPath, JSON.stringify(rankRows.filter((r) => trainFiles.has(r.file))));
    const ranking = fittedWeights(python("fit-ranking.py", [rankPath, lambda, "5", "--weigh", weigh]), "sides");
    install(RANK_WEIGHTS as unknown as Weights, ranking);

    // The evidence depends on the confidence too (it picks among the extra looks). To fit on nothing
    // of the held-out fold, start from a confidence fitted on the first look's evidence alone (which no
    // confidence weight touches), then fit again on the whole pipeline's evidence under it.
    let confidence: Weights = {};
    for (const firstLookOnly of [true, false]) {
      const evidencePath = path.join(dir, firstLookOnly ? "evidence-first-look.json" : "evidence.json");
      writeFileSync(evidencePath, JSON.stringify(evidenceRows(set, train, firstLookOnly)));
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
