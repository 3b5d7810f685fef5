// npx tsx bench/detector/detect-evidence.ts TRAIN_DIR OUT.json --ranking RANK.json [--scorer score.mjs] [--first-look]
// Writes, for every frame of a training set, the detector's evidence and the IoU of its answer:
// the input of bench/detector/fit-confidence.py. Run it on the set you tune on, never on the one you report.
// Each frame's evidence comes from a ranking fitted without it (5 folds, the shipped fit's options,
// on RANK.json, bench/detector/detect-ranking.ts's dump of the same set): fitted on the ranking's own frames,
// the confidence would trust it more than it earns on new ones (docs/detector.md).
// The evidence depends on the confidence (below 0.5 the detector takes extra looks), so the model is
// fitted twice: first on `--first-look` evidence, which no confidence weight touches, then, with
// those weights in confidence.ts, on the whole pipeline's (bench/detector/detect-crossval.ts does the same per fold).
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crossFitRankings, crossFittedEvidenceRows } from "./evidence-rows";
import { SHIPPED_RANKING_FIT } from "./fits";
import { trainingSetFromArgs } from "./training-set";

const USAGE = "npx tsx bench/detector/detect-evidence.ts TRAIN_DIR OUT.json --ranking RANK.json [--scorer score.mjs] [--first-look]";

async function main(argv: string[]): Promise<number> {
  const firstLook = argv.includes("--first-look");
  const r = argv.indexOf("--ranking");
  const rankPath = r >= 0 ? argv[r + 1] : undefined;
  const set = await trainingSetFromArgs(argv.filter((a, i) => a !== "--first-look" && i !== r && i !== r + 1), USAGE);
  if (!set || !rankPath) {
    if (set) console.error(`usage: ${USAGE}`);
    return 2;
  }
  const rankRows = JSON.parse(readFileSync(rankPath, "utf8")) as { file: string }[];
  const rankings = crossFitRankings(set.truths, rankRows, 5, path.join(tmpdir(), `detect-evidence-${process.pid}`), SHIPPED_RANKING_FIT);
  const rows = crossFittedEvidenceRows(set, set.truths, rankings, firstLook);
  writeFileSync(set.out, JSON.stringify(rows));
  console.log(`${rows.length} frames → ${set.out}`);
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
