// npx tsx bench/detect-evidence.ts TRAIN_DIR OUT.json [--scorer score.mjs] [--first-look]
// Writes, for every frame of a training set, the detector's evidence and the IoU of its answer:
// the input of bench/fit-confidence.py. Run it on the set you tune on, never on the one you report.
// The evidence depends on the confidence (below 0.5 the detector takes extra looks), so the model is
// fitted twice: first on `--first-look` evidence, which no confidence weight touches, then, with
// those weights in confidence.ts, on the whole pipeline's (bench/detect-crossval.ts does the same per fold).
import { writeFileSync } from "node:fs";
import { evidenceRows } from "./evidence-rows";
import { trainingSetFromArgs } from "./training-set";

async function main(argv: string[]): Promise<number> {
  const firstLook = argv.includes("--first-look");
  const set = await trainingSetFromArgs(argv.filter((a) => a !== "--first-look"), "npx tsx bench/detect-evidence.ts TRAIN_DIR OUT.json [--scorer score.mjs] [--first-look]");
  if (!set) return 2;
  const rows = evidenceRows(set, set.truths, firstLook);
  writeFileSync(set.out, JSON.stringify(rows));
  console.log(`${rows.length} frames → ${set.out}`);
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
