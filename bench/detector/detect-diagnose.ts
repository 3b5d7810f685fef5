// npx tsx bench/detector/detect-diagnose.ts TRAIN_DIR OUT.json [--scorer score.mjs] [--tags small,partial,clutter]
// Says, for every frame below IoU 0.9 (only frames with one of the tags, when given), where the
// detector went wrong: the first look's shortlist had no right quad ("not found"), had one ranked
// below a wrong one ("outranked"), only the finer look's shortlist has one ("finer look only"), or
// the first look chose right and a later step (refinement, the choice between looks) lost it.
// Writes the per-frame figures to OUT.json. Run it on the set you tune on, never on the one you report.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { downscale } from "../../scanner/detector/downscale";
import { detect, searchCandidates, WORKING_SIZE } from "../../scanner/detector/detect";
import { preferEnclosing } from "../../scanner/detector/rerank";
import { SECOND_LOOK_VOTES, secondLookSize } from "../../scanner/detector/second-look";
import { readImage } from "../../scripts/detect";
import { trainingSetFromArgs, type TrainingSet, type TruthRow } from "./training-set";

const RIGHT = 0.9;

interface Shortlist {
  chosen: number;
  best: number;
  /** rank of the first quad at IoU >= 0.9, -1 when there is none */
  firstRight: number;
}

function shortlist(set: TrainingSet, t: TruthRow, frame: ReturnType<typeof readImage>, size: number, votes: number): Shortlist {
  const planes = downscale(frame, size);
  const ranked = searchCandidates(planes, votes);
  // Working pixel centres to frame pixel coordinates (pixel i covers [i, i + 1)).
  const ious = ranked.map((c) => set.scoreOne(t, c.corners.map(([x, y]) => [(x + 0.5) * planes.sx, (y + 0.5) * planes.sy])).iou);
  const chosen = preferEnclosing(ranked);
  return { chosen: chosen ? ious[ranked.indexOf(chosen)] : 0, best: Math.max(0, ...ious), firstRight: ious.findIndex((v) => v >= RIGHT) };
}

function verdict(first: Shortlist, finer: Shortlist): string {
  if (first.chosen >= RIGHT) return "lost after the first look";
  if (first.firstRight >= 0) return "outranked";
  if (finer.firstRight >= 0) return "finer look only";
  return "not found";
}

async function main(argv: string[]): Promise<number> {
  const t = argv.indexOf("--tags");
  const tags = t >= 0 ? new Set(argv[t + 1].split(",")) : null;
  const rest = t >= 0 ? argv.filter((_, i) => i !== t && i !== t + 1) : argv;
  const set = await trainingSetFromArgs(rest, "npx tsx bench/detector/detect-diagnose.ts TRAIN_DIR OUT.json [--scorer score.mjs] [--tags a,b]");
  if (!set) return 2;
  const rows = [];
  for (const truth of set.truths) {
    if (tags && !truth.tags.some((x) => tags.has(x))) continue;
    const frame = readImage(path.join(set.dir, truth.file));
    const iou = set.scoreOne(truth, detect(frame)?.corners ?? null).iou;
    if (iou >= RIGHT) continue;
    // The first look, and the finer look detect takes when unsure (at its share of the vote floor).
    const first = shortlist(set, truth, frame, WORKING_SIZE, 1);
    const finer = shortlist(set, truth, frame, secondLookSize(0, WORKING_SIZE, frame) ?? WORKING_SIZE, SECOND_LOOK_VOTES);
    rows.push({ file: truth.file, tags: truth.tags, iou, first, finer, verdict: verdict(first, finer) });
  }
  for (const r of rows.sort((a, b) => a.iou - b.iou)) {
    console.log(`${r.file} ${r.iou.toFixed(3)} ${r.verdict}: first look chose ${r.first.chosen.toFixed(2)}, best ${r.first.best.toFixed(2)} at rank ${r.first.firstRight}; finer best ${r.finer.best.toFixed(2)} at rank ${r.finer.firstRight}  [${r.tags.join(",")}]`);
  }
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  console.log([...counts].map(([k, n]) => `${k} ${n}`).join(", "));
  writeFileSync(set.out, JSON.stringify(rows));
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
