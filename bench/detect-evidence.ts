// npx tsx bench/detect-evidence.ts TRAIN_DIR OUT.json [--scorer score.mjs]
// Writes, for every frame of a training set, the detector's evidence and the IoU of its answer:
// the input of bench/fit-confidence.py. Run it on the set you tune on, never on the one you report.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { detectWithEvidence } from "../scanner/detector/detect";
import { readImage } from "../scripts/detect";

async function main(argv: string[]): Promise<number> {
  const s = argv.indexOf("--scorer");
  const scorer = s >= 0 ? path.resolve(argv[s + 1]) : path.join(path.resolve(argv[0] ?? ""), "score.mjs");
  const [dir, out] = argv.filter((_, i) => i !== s && i !== s + 1).map((a) => path.resolve(a));
  if (!dir || !out || !existsSync(scorer)) {
    console.error("usage: npx tsx bench/detect-evidence.ts TRAIN_DIR OUT.json [--scorer score.mjs]");
    return 2;
  }
  const { scoreOne } = (await import(pathToFileURL(scorer).href)) as { scoreOne(t: unknown, c: number[][] | null): { iou: number } };
  const truths = readFileSync(path.join(dir, "truth.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { file: string });
  const rows = truths.map((t) => {
    const r = detectWithEvidence(readImage(path.join(dir, t.file)), { minConfidence: 0 });
    return { file: t.file, iou: scoreOne(t, r?.detection?.corners ?? null).iou, evidence: r?.evidence ?? null };
  });
  writeFileSync(out, JSON.stringify(rows));
  console.log(`${rows.length} frames → ${out}`);
  return 0;
}

main(process.argv.slice(2)).then((c) => { process.exitCode = c; }, (e) => { console.error(e); process.exitCode = 1; });
