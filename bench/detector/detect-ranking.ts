// npx tsx bench/detector/detect-ranking.ts TRAIN_DIR OUT.json [--scorer score.mjs]
// Writes, for every frame of a training set, each shortlisted quad's ranking cues (rank-model.ts)
// and its IoU against the truth: the input of bench/detector/fit-ranking.py. Run it on the set you tune on,
// never on the one you report.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { downscale } from "../../scanner/detector/downscale";
import { searchCandidates } from "../../scanner/detector/detect";
import { readImage } from "../../scripts/detect";
import { trainingSetFromArgs } from "./training-set";

async function main(argv: string[]): Promise<number> {
  const set = await trainingSetFromArgs(argv, "npx tsx bench/detector/detect-ranking.ts TRAIN_DIR OUT.json [--scorer score.mjs]");
  if (!set) return 2;
  const rows = set.truths.map((t) => {
    const planes = downscale(readImage(path.join(set.dir, t.file)), 320);
    // Working pixel centres to frame pixel coordinates (pixel i covers [i, i + 1)).
    const quads = searchCandidates(planes).map((c) => ({
      iou: set.scoreOne(t, c.corners.map(([x, y]) => [(x + 0.5) * planes.sx, (y + 0.5) * planes.sy])).iou,
      rank: c.rank,
      hardZero: c.score === 0,
    }));
    return { file: t.file, tags: t.tags, quads };
  });
  writeFileSync(set.out, JSON.stringify(rows));
  console.log(`${rows.length} frames → ${set.out}`);
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
