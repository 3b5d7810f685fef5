// npx tsx bench/detector/detect-equivalence.ts --write FILE DIR...   dump every frame's answer
// npx tsx bench/detector/detect-equivalence.ts --check FILE DIR...   compare with a dump written before
//
// For changes that must not change what the detector outputs (speed work): runs
// `detectWithEvidence` on every frame of each data set DIR (images/ + truth.jsonl),
// writes or compares the corners, the confidence and the evidence behind it.
// JSON keeps doubles exactly, so "identical" means bit for bit; the check prints
// the largest difference and fails above 1e-9 (corners, frame pixels) or 1e-12
// (confidence, evidence).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { detectWithEvidence } from "../../scanner/detector/detect";
import { readImage } from "../../scripts/detect";

interface Answer {
  key: string;
  corners: number[][] | null;
  confidence: number;
  evidence: Record<string, number> | null;
}

const CORNER_TOL = 1e-9;
const VALUE_TOL = 1e-12;

function answers(dirs: string[]): Answer[] {
  const out: Answer[] = [];
  for (const dir of dirs) {
    const truths = readFileSync(path.join(dir, "truth.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { file: string });
    for (const t of truths) {
      const r = detectWithEvidence(readImage(path.join(dir, t.file)));
      out.push({
        key: `${path.basename(dir)}/${t.file}`,
        corners: r?.detection?.corners ?? null,
        confidence: r?.detection?.confidence ?? 0,
        evidence: r ? { ...r.evidence } : null,
      });
    }
  }
  return out;
}

/** Largest differences between two dumps, and the frames that differ beyond the tolerances. */
function compare(old: Answer[], now: Answer[]): { corner: number; value: number; differ: string[] } {
  const byKey = new Map(old.map((a) => [a.key, a]));
  let corner = 0, value = 0;
  const differ: string[] = [];
  for (const a of now) {
    const b = byKey.get(a.key);
    if (!b) { differ.push(`${a.key}: not in the dump`); continue; }
    if (!a.corners !== !b.corners || !a.evidence !== !b.evidence) { differ.push(`${a.key}: found in one only`); continue; }
    let dc = 0, dv = Math.abs(a.confidence - b.confidence);
    a.corners?.forEach((p, k) => { dc = Math.max(dc, Math.abs(p[0] - b.corners![k][0]), Math.abs(p[1] - b.corners![k][1])); });
    for (const f of Object.keys(a.evidence ?? {})) dv = Math.max(dv, Math.abs(a.evidence![f] - b.evidence![f]));
    corner = Math.max(corner, dc);
    value = Math.max(value, dv);
    if (dc > CORNER_TOL || dv > VALUE_TOL) differ.push(`${a.key}: corners ${dc}, confidence/evidence ${dv}`);
  }
  if (now.length !== old.length) differ.push(`${now.length} frames, the dump has ${old.length}`);
  return { corner, value, differ };
}

function main(argv: string[]): number {
  const [mode, file, ...dirs] = argv;
  if ((mode !== "--write" && mode !== "--check") || !file || !dirs.length) {
    console.error("usage: npx tsx bench/detector/detect-equivalence.ts --write|--check FILE DIR...");
    return 2;
  }
  const now = answers(dirs.map((d) => path.resolve(d)));
  if (mode === "--write") {
    writeFileSync(file, JSON.stringify(now));
    console.log(`${now.length} frames written to ${file}`);
    return 0;
  }
  const { corner, value, differ } = compare(JSON.parse(readFileSync(file, "utf8")) as Answer[], now);
  console.log(`${now.length} frames; max corner difference ${corner} px, max confidence/evidence difference ${value}`);
  for (const d of differ) console.log(`  differs: ${d}`);
  return differ.length ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
