// npm run bench:detect -- [--tuned DIR] [--scorer FILE] [--no-baseline] [--no-worker] [--repeats N] [--verbose] DIR...
// Scores the detector (and the jscanify baseline, in the same run) on each data set DIR
// (images/ + truth.jsonl) with the set's score.mjs. The repo reads no data set by itself.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { detect, StabilityTracker, type Frame, type Quad } from "../../scanner/detector/index";
import { denormalise, normalise } from "../../scanner/page/straighten";
import { analyseLiveFrame, LOCATE_SIZE } from "../../scanner/page/image-ops";
import { draftCorners } from "../../scanner/capture/draft-corners";
import type { Located } from "../../scanner/worker/protocol";
import { readImage } from "../../scripts/detect";
import { DETECT_SIZE } from "../../scanner/camera/grab-frame";
import { shrinkToLongSide } from "./live-frame";
import { liveTicksInWorker } from "./live-worker";
import { jscanifyCorners, loadOpenCv, openCvFile, shrinkFrame, type OpenCv } from "./baselines/jscanify";
import { printBands, printReport, type Prediction, type Report } from "./detect-report";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
interface Truth { file: string }
interface Args { sets: string[]; tuned: string | null; scorer: string | null; baseline: boolean; worker: boolean; repeats: number; verbose: boolean }
interface LiveFrame { file: string; frame: Frame; full: { width: number; height: number } }
type Engine = "detector" | "detector@live" | "detector@capture" | "detector@640" | "jscanify";

function parseArgs(argv: string[]): Args {
  const a: Args = { sets: [], tuned: null, scorer: null, baseline: true, worker: true, repeats: 3, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i];
    if (v === "--tuned") a.tuned = path.resolve(argv[++i]);
    else if (v === "--scorer") a.scorer = path.resolve(argv[++i]);
    else if (v === "--no-baseline") a.baseline = false;
    else if (v === "--no-worker") a.worker = false;
    else if (v === "--repeats") a.repeats = Math.max(1, Number(argv[++i]));
    else if (v === "--verbose") a.verbose = true;
    else a.sets.push(path.resolve(v));
  }
  if (a.tuned && !a.sets.includes(a.tuned)) a.sets.unshift(a.tuned);
  return a;
}

/** Runs `run` `repeats` times; the time is the median, so a busy machine skews it less. */
function timed(repeats: number, run: () => { corners: number[][] | null; confidence: number }): Omit<Prediction, "file"> {
  const times: number[] = [], cpu: number[] = [];
  let out = { corners: null as number[][] | null, confidence: 0 };
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now(), c0 = process.cpuUsage();
    out = run();
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1];
  return { ...out, ms: median(times), cpuMs: median(cpu) };
}

/** Every engine on every frame, one frame decoded at a time (300 full frames do not fit in memory at once). */
function runSet(dir: string, truths: Truth[], args: Args, cv: OpenCv | null): Record<Engine, Prediction[]> {
  const out: Record<Engine, Prediction[]> = { detector: [], "detector@live": [], "detector@capture": [], "detector@640": [], jscanify: [] };
  const live: LiveFrame[] = [], stills: Prediction[] = [];
  const warm = readImage(path.join(dir, truths[0].file));
  for (let i = 0; i < 8; i++) detect(warm); // JIT warm-up
  for (const t of truths) {
    const frame: Frame = readImage(path.join(dir, t.file));
    const mine = (f: Frame) => () => { const d = detect(f); return { corners: d?.corners ?? null, confidence: d?.confidence ?? 0 }; };
    out.detector.push({ file: t.file, ...timed(args.repeats, mine(frame)) });
    live.push({ file: t.file, frame: shrinkToLongSide(frame, DETECT_SIZE), full: { width: frame.width, height: frame.height } });
    const still = shrinkToLongSide(frame, LOCATE_SIZE), found = timed(1, mine(still));
    stills.push({ file: t.file, ...found, corners: found.corners && denormalise(normalise(found.corners as Quad, still), frame) });
    if (!cv) continue;
    // The baseline's timing starts from the 640 px frame, its working resolution;
    // the detector fed the same frames gives the timing on equal input.
    const small = shrinkFrame(cv, frame, 640);
    out["detector@640"].push({ file: t.file, ...scaledBack(small.scale, timed(args.repeats, mine(small.frame))) });
    out.jscanify.push({ file: t.file, ...scaledBack(small.scale, timed(args.repeats, () => ({ corners: jscanifyCorners(cv, small.frame), confidence: 1 }))) });
  }
  out["detector@live"] = timeLiveTicks(live, args.repeats);
  out["detector@capture"] = stills.map((still, i) => captured(still, out["detector@live"][i], live[i].full));
  return out;
}

/**
 * The corners the editor opens with after a shutter press on the frame: the still's (found
 * at LOCATE_SIZE) or the live tick's, as the scanner picks them. Timed as the still's search.
 */
function captured(still: Prediction, live: Prediction, full: { width: number; height: number }): Prediction {
  const located = (p: Prediction): Located | null => p.corners && { corners: normalise(p.corners as Quad, full), confidence: p.confidence };
  const chosen = draftCorners(located(still), located(live));
  return { ...still, corners: chosen && denormalise(chosen.corners, full), confidence: chosen?.confidence ?? 0 };
}

/**
 * What the worker computes on every live tick, on the frame the scanner sends it: the
 * issue's "ms per live frame". Timed in a pass of its own, as the worker runs it, so the
 * full frames' decoding and garbage do not land in these figures.
 */
function timeLiveTicks(frames: LiveFrame[], repeats: number): Prediction[] {
  const tick = (f: LiveFrame) => () => {
    const t = analyseLiveFrame(f.frame, new StabilityTracker(), 0);
    return { corners: t.corners && denormalise(t.corners, f.full), confidence: t.confidence };
  };
  for (let i = 0; i < 8; i++) tick(frames[0])(); // JIT warm-up
  return frames.map((f) => ({ file: f.file, ...timed(repeats, tick(f)) }));
}

/** A prediction made on a shrunk frame, in the full frame's pixels. */
function scaledBack(scale: number, p: Omit<Prediction, "file">): Omit<Prediction, "file"> {
  return { ...p, corners: p.corners?.map(([x, y]) => [x / scale, y / scale]) ?? null };
}

function score(scorer: string, dir: string, name: string, preds: Prediction[], tmp: string, verbose: boolean): Report {
  const predPath = path.join(tmp, `${name}.jsonl`), jsonPath = path.join(tmp, `${name}.json`);
  writeFileSync(predPath, preds.map((p) => JSON.stringify(p)).join("\n") + "\n");
  const out = execFileSync("node", [scorer, path.join(dir, "truth.jsonl"), predPath, "--json", jsonPath, "--worst", "12"], { encoding: "utf8" });
  if (verbose) console.log(out);
  return JSON.parse(readFileSync(jsonPath, "utf8")) as Report;
}

/** A minified bundle of `entry` (ESM, or a classic script for a worker) in `tmp`; returns its path. */
function bundle(tmp: string, entry: string, format: "esm" | "iife"): string {
  const out = path.join(tmp, `${path.basename(entry, ".ts")}.js`);
  execFileSync(path.join(repoRoot, "node_modules/.bin/esbuild"), [entry, "--bundle", "--minify", `--format=${format}`, `--outfile=${out}`], { stdio: "ignore" });
  return out;
}

/**
 * Bytes and gzipped bytes of minified ESM bundles: the detector alone, and the scanner's
 * detection worker (the detector, the crop, filters and encoding around it): everything the
 * scanner downloads for detection.
 */
function payloads(tmp: string): { detector: [number, number]; worker: [number, number] } {
  return {
    detector: fileBytes(bundle(tmp, path.join(repoRoot, "scanner/detector/index.ts"), "esm")),
    worker: fileBytes(bundle(tmp, path.join(repoRoot, "scanner/worker/detector.worker.ts"), "esm")),
  };
}

/**
 * The live tick in a Chromium worker on frames the browser shrank itself (the issue's "in the
 * worker"), scored like the others, when Chromium is installed. Wall time: there is no CPU clock in a worker.
 */
async function printWorkerReport(label: string, dir: string, truths: Truth[], args: Args, tmp: string, scorer: string): Promise<void> {
  const ticks = await liveTicksInWorker(truths.map((t) => path.join(dir, t.file)), DETECT_SIZE, args.repeats, (entry) => bundle(tmp, entry, "iife"));
  if (!ticks) {
    console.log(`${label}: skipped (no Chromium; apt-get install -y chromium)`);
    return;
  }
  const preds = ticks.map((t, i) => ({ file: truths[i].file, corners: t.corners && denormalise(t.corners, t.photo), confidence: t.confidence, ms: t.ms, cpuMs: NaN }));
  printReport(label, score(scorer, dir, `${path.basename(dir)}-worker`, preds, tmp, false), preds);
}

function fileBytes(file: string): [number, number] {
  const buf = readFileSync(file);
  return [buf.length, gzipSync(buf, { level: 9 }).length];
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const scorer = args.scorer ?? args.sets.map((d) => path.join(d, "score.mjs")).find((f) => existsSync(f));
  if (!args.sets.length || !scorer) {
    console.error("usage: npm run bench:detect -- [--tuned DIR] [--scorer score.mjs] [--no-baseline] [--no-worker] [--repeats N] [--verbose] DIR...");
    return 2;
  }
  const tmp = mkdtempSync(path.join(tmpdir(), "bench-detect-"));
  const cv = args.baseline ? (await loadOpenCv()).cv : null;
  const { detector: payload, worker } = payloads(tmp);
  const cvPayload = cv ? fileBytes(openCvFile()) : null;
  console.log(`payload detector ${payload[0]} B, gzip ${payload[1]} B; detection worker ${worker[0]} B, gzip ${worker[1]} B` +
    `${cvPayload ? `; opencv.js ${cvPayload[0]} B, gzip ${cvPayload[1]} B` : ""}`);
  for (const dir of args.sets) {
    const name = path.basename(dir), split = args.tuned === dir ? "tuned on" : args.tuned ? "held out" : "set";
    const truths = readFileSync(path.join(dir, "truth.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Truth);
    console.log(`\n== ${name} (${split}, ${truths.length} frames)`);
    const preds = runSet(dir, truths, args, cv);
    const mine = score(scorer, dir, `${name}-detector`, preds.detector, tmp, args.verbose);
    printReport(`${name} detector`, mine, preds.detector);
    printBands(`${name} detector`, mine, preds.detector);
    const live = score(scorer, dir, `${name}-live`, preds["detector@live"], tmp, false);
    printReport(`${name} detector@live`, live, preds["detector@live"]);
    // Auto-capture reads the live tick's confidence, so its bands are printed too.
    printBands(`${name} detector@live`, live, preds["detector@live"]);
    printReport(`${name} detector@capture`, score(scorer, dir, `${name}-capture`, preds["detector@capture"], tmp, false), preds["detector@capture"]);
    if (args.worker) await printWorkerReport(`${name} detector@live in a Chromium worker`, dir, truths, args, tmp, scorer);
    if (!cv) continue;
    printReport(`${name} detector@640`, score(scorer, dir, `${name}-640`, preds["detector@640"], tmp, false), preds["detector@640"]);
    printReport(`${name} jscanify`, score(scorer, dir, `${name}-jscanify`, preds.jscanify, tmp, args.verbose), preds.jscanify);
  }
  return 0;
}

main().then((code) => { process.exitCode = code; }, (err) => { console.error(err); process.exitCode = 1; });
