// npm run bench:detect [-- --no-baseline] [--verbose]
// Scores the detector and the jscanify baseline on ../shared/detect-dev with its score.mjs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { detect, type Frame } from "../scanner/detector/index";
import { readImage } from "../scripts/detect";
import { jscanifyCorners, loadOpenCv, openCvFile, shrinkFrame } from "./baselines/jscanify";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const devDir = path.resolve(repoRoot, "../shared/detect-dev");
const REPEATS = 3;

interface Truth { file: string }
interface Prediction { file: string; corners: number[][] | null; ms: number; cpuMs: number }
interface Summary { mean_iou: number; ok90: number; fail: number; mean_ms: number; p95_ms: number }
interface Report { overall: Summary; by_tag: Record<string, Summary & { n: number }> }
type Runner = (i: number) => number[][] | null;

function loadSet(): { truths: Truth[]; frames: Frame[] } {
  const truthPath = path.join(devDir, "truth.jsonl");
  const truths = readFileSync(truthPath, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Truth);
  return { truths, frames: truths.map((t) => readImage(path.join(devDir, t.file))) };
}

/**
 * Runs `run` on every image after a warm-up (JIT). `ms` covers only the run
 * itself, as the median of REPEATS runs, so a busy shared machine skews it less.
 */
function runAll(truths: Truth[], run: Runner): Prediction[] {
  for (let i = 0; i < Math.min(5, truths.length); i++) run(i);
  return truths.map((t, i) => {
    const times: number[] = [], cpu: number[] = [];
    let corners: number[][] | null = null;
    for (let r = 0; r < REPEATS; r++) {
      const t0 = performance.now(), c0 = process.cpuUsage();
      corners = run(i);
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[REPEATS >> 1];
    return { file: t.file, corners, ms: median(times), cpuMs: median(cpu) };
  });
}

function score(name: string, preds: Prediction[], dir: string, verbose: boolean): Report {
  const predPath = path.join(dir, `${name}.jsonl`), jsonPath = path.join(dir, `${name}.json`);
  writeFileSync(predPath, preds.map((p) => JSON.stringify(p)).join("\n") + "\n");
  const out = execFileSync("node", [path.join(devDir, "score.mjs"), path.join(devDir, "truth.jsonl"), predPath,
    "--json", jsonPath, "--worst", "12"], { encoding: "utf8" });
  if (verbose) console.log(out);
  return JSON.parse(readFileSync(jsonPath, "utf8")) as Report;
}

/** Bytes and gzipped bytes of the minified ESM bundle of the detector. */
function detectorPayload(dir: string): [number, number] {
  const out = path.join(dir, "detector.js");
  execFileSync(path.join(repoRoot, "node_modules/.bin/esbuild"), [path.join(repoRoot, "scanner/detector/index.ts"),
    "--bundle", "--minify", "--format=esm", `--outfile=${out}`], { stdio: "ignore" });
  const buf = readFileSync(out);
  return [buf.length, gzipSync(buf, { level: 9 }).length];
}

function fileBytes(file: string): [number, number] {
  const buf = readFileSync(file);
  return [buf.length, gzipSync(buf, { level: 9 }).length];
}

/**
 * One line per figure. CPU ms (process time, median of the repeats) is printed
 * beside wall ms because on a shared machine wall time mostly measures the load.
 */
function print(label: string, r: Report, payload: [number, number], preds: Prediction[]): void {
  const o = r.overall;
  const cpu = preds.map((p) => p.cpuMs).sort((a, b) => a - b);
  console.log(`${label} mean_iou ${o.mean_iou.toFixed(4)}`);
  console.log(`${label} ok90 ${o.ok90.toFixed(3)}`);
  console.log(`${label} fail ${o.fail.toFixed(3)}`);
  console.log(`${label} ms_mean ${o.mean_ms.toFixed(2)}`);
  console.log(`${label} ms_p95 ${o.p95_ms.toFixed(2)}`);
  console.log(`${label} cpu_ms_mean ${(cpu.reduce((a, v) => a + v, 0) / cpu.length).toFixed(2)}`);
  console.log(`${label} cpu_ms_p95 ${cpu[Math.ceil(0.95 * cpu.length) - 1].toFixed(2)}`);
  console.log(`${label} payload_bytes ${payload[0]}`);
  console.log(`${label} payload_gzip_bytes ${payload[1]}`);
  const tags = Object.entries(r.by_tag).map(([k, s]) => `${k}=${s.mean_iou.toFixed(2)}`).join(" ");
  console.log(`${label} by_tag ${tags}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-detect-"));
  const { truths, frames } = loadSet();
  const minePreds = runAll(truths, (i) => detect(frames[i])?.corners ?? null);
  const mine = score("detector", minePreds, dir, verbose);
  const myPayload = detectorPayload(dir);
  print("detector", mine, myPayload, minePreds);
  if (args.includes("--no-baseline")) return;
  const { cv } = await loadOpenCv();
  // The baseline's timing starts from the 640 px frame, its working resolution.
  const shrunk = frames.map((f) => shrinkFrame(cv, f, 640));
  // The same detector fed the baseline's 640 px frames: its timing on equal input.
  const small = runAll(truths, (i) => detect(shrunk[i].frame)?.corners ?? null);
  for (const [i, p] of small.entries()) p.corners = p.corners?.map(([x, y]) => [x / shrunk[i].scale, y / shrunk[i].scale]) ?? null;
  print("detector@640", score("detector-640", small, dir, false), myPayload, small);
  const preds = runAll(truths, (i) => jscanifyCorners(cv, shrunk[i].frame));
  for (const [i, p] of preds.entries()) p.corners = p.corners?.map(([x, y]) => [x / shrunk[i].scale, y / shrunk[i].scale]) ?? null;
  const base = score("jscanify", preds, dir, verbose);
  const basePayload = fileBytes(openCvFile());
  print("jscanify", base, basePayload, preds);
  const o = mine.overall, b = base.overall;
  console.log(`ratio mean_iou ${(o.mean_iou / b.mean_iou).toFixed(2)}x  ok90 ${(o.ok90 / b.ok90).toFixed(2)}x  ` +
    `fail ${(o.fail / b.fail).toFixed(2)}x  ms_mean ${(o.mean_ms / b.mean_ms).toFixed(2)}x  ms_p95 ${(o.p95_ms / b.p95_ms).toFixed(2)}x  ` +
    `payload_gzip ${(myPayload[1] / basePayload[1]).toFixed(4)}x`);
}

main().catch((err) => { console.error(err); process.exit(1); });
