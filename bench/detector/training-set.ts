// Shared by the scripts that write training data (detect-evidence.ts, detect-ranking.ts):
// `TRAIN_DIR OUT.json [--scorer score.mjs]`, the set's truth rows and its scorer.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface TruthRow {
  file: string;
  tags: string[];
}

export interface TrainingSet {
  dir: string;
  out: string;
  scorer: string;
  truths: TruthRow[];
  scoreOne(truth: TruthRow, corners: number[][] | null): { iou: number };
}

/** The set named on the command line, or null (after printing `usage`) when it is incomplete. */
export async function trainingSetFromArgs(argv: string[], usage: string): Promise<TrainingSet | null> {
  const s = argv.indexOf("--scorer");
  const scorer = s >= 0 ? path.resolve(argv[s + 1]) : path.join(path.resolve(argv[0] ?? ""), "score.mjs");
  const [dir, out] = argv.filter((_, i) => i !== s && i !== s + 1).map((a) => path.resolve(a));
  if (!dir || !out || !existsSync(scorer)) {
    console.error(`usage: ${usage}`);
    return null;
  }
  const { scoreOne } = (await import(pathToFileURL(scorer).href)) as Pick<TrainingSet, "scoreOne">;
  const truths = readFileSync(path.join(dir, "truth.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as TruthRow);
  return { dir, out, scorer, truths, scoreOne };
}
