// `npm run bench:pages`: the legibility of the pages the scanner delivers, measured through the
// real thing (built app, hosted scanner in Chromium with a fake camera, PDF over the API), beside
// two baselines: the flat printed page, and the camera's page cropped with the true corners.
// Options (env): BENCH_FILTERS=auto,bw,original  BENCH_PAGES_LIMIT=N (or --quick: 3 scenes)
// BENCH_PAGES_ONLY=7,8  BENCH_THROTTLED_SCENES=2 (CPU 4× timing on the first N scenes).
// BENCH_CAMERAS=720p,4k,12mp: each scene filmed by these cameras instead of its own ("scene"),
// one row per camera (scenes.ts, CAMERAS).
// BENCH_OCR=1: sessions with options.ocr, the page's CPU throttled 4x; the text layer's CER
// (pdftotext against the truth), each page's ocr.status and the time to read a page are
// measured besides (docs/ocr.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startAppServer } from "../../scripts/app-server";
import jpeg from "jpeg-js";
import { writeY4m } from "../../tests/e2e/support/y4m";
import { rectify, writeGallery } from "./gallery";
import { flatColours, imagePdf, measurePdf, TESSERACT_PSM, textLayerCer } from "./measure";
import type { Box } from "./metrics";
import { figureLines, markdownTable, type Row } from "./report";
import { CAMERAS, isCamera, makeScenes, readScene, sceneDirFor, SCENES, SCENES_DIR, sceneName } from "./scenes";
import { OCR_THROTTLE, openSession, scanScene, signUp, STREAM_SHORT_SIDE, type SceneInput } from "./scanner";

const OUT = path.resolve("bench/out/pages"), WORK = path.join(OUT, "work"), GALLERY = path.join(OUT, "gallery");
const quick = process.argv.includes("--quick");
const limit = Number(process.env.BENCH_PAGES_LIMIT ?? (quick ? 3 : SCENES.length));
const only = process.env.BENCH_PAGES_ONLY?.split(",").map(Number);
const filters = (process.env.BENCH_FILTERS ?? "auto").split(",").map((s) => s.trim()).filter(Boolean);
const ocr = process.env.BENCH_OCR === "1";
const cameras = (process.env.BENCH_CAMERAS ?? "scene").split(",").map((s) => s.trim());
if (!cameras.every(isCamera)) throw new Error(`BENCH_CAMERAS: one of scene, ${Object.keys(CAMERAS).join(", ")}`);
/** A row's column with the camera it was filmed by, when not the scene's own. */
const onCamera = (column: string, camera: string) => (camera === "scene" ? column : `${column} @${camera}`);
const throttled = ocr ? 0 : Number(process.env.BENCH_THROTTLED_SCENES ?? 2);
// the test scenes first, so a limited run still measures what the README reports
const scenes = SCENES.filter((s) => !only || only.includes(s.id)).sort((a, b) => Number(a.split === "train") - Number(b.split === "train")).slice(0, limit);

const describeError = (e: unknown) => {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return `${(e as Error).message.split("\n")[0]}${cause ? ` (${cause.code ?? cause.message})` : ""}`;
};

/** The scanner can be mid-change in a shared tree: one retry after a pause before giving up on a scene. */
async function withRetry<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    console.log(`${what} failed (${describeError(e)}); retrying in 60 s`);
    await new Promise((r) => setTimeout(r, 60_000));
    return fn();
  }
}

const started = performance.now();
const rows: Row[] = [], failures: string[] = [];
const git = (...args: string[]) => { try { return execFileSync("git", args, { encoding: "utf8" }).trim(); } catch { return "unknown"; } };
const codeState = { commit: git("rev-parse", "HEAD"), uncommitted_files: git("status", "--porcelain").split("\n").filter(Boolean).length };
/** Written after every scene, so a run cut short keeps what it measured. */
function save(): void {
  const meta = {
    generated_at: new Date().toISOString(), ...codeState, tesseract: execFileSync("tesseract", ["--version"], { encoding: "utf8" }).split("\n")[0],
    psm: TESSERACT_PSM, filters, cameras, scenes: scenes.map((s) => sceneName(s.id)), seconds: Math.round((performance.now() - started) / 1000), failures,
  };
  writeFileSync(path.join(OUT, "results.json"), JSON.stringify({ ...meta, rows }, null, 2) + "\n");
}

/**
 * Video-sized frames play as the scanner's live camera; a phone's full-size still (wider than
 * the 2160 px a live stream gives) arrives as the photo file its camera app wrote (JPEG 92).
 */
function sceneInput(photo: { width: number; height: number; data: Uint8Array }, videoPath: string): SceneInput {
  if (Math.min(photo.width, photo.height) <= STREAM_SHORT_SIDE) {
    writeY4m(videoPath, photo);
    return { video: videoPath };
  }
  return { still: jpeg.encode({ data: Buffer.from(photo.data), width: photo.width, height: photo.height }, 92).data };
}

rmSync(WORK, { recursive: true, force: true });
for (const d of [WORK, GALLERY]) mkdirSync(d, { recursive: true });
const missing = scenes.filter((s) => !existsSync(path.join(SCENES_DIR, `${sceneName(s.id)}.json`))).map((s) => s.id);
if (missing.length) await makeScenes(SCENES_DIR, missing);

const server = await startAppServer({ output: "capture", env: { LOG_LEVEL: "warn" } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void server.stop().finally(() => process.exit(130)));
try {
  const client = await signUp(server.baseUrl);
  let pipelines = filters;
  for (const [n, spec] of scenes.entries()) {
    const name = sceneName(spec.id), flatScene = readScene(SCENES_DIR, name), flat = flatScene.flat(), truth = flatScene.truth;
    const marks = flatScene.meta.marks, reference = flatColours(flat, marks);
    const flatFig = await measurePdf(await imagePdf(flat), truth, marks, reference, WORK, `${name}.flat`);
    const base = { scene: name, split: spec.split };
    const strip = ({ look, ocr, ...fig }: typeof flatFig) => (void look, void ocr, fig);
    rows.push({ ...base, column: "flat", ...strip(flatFig) });
    for (const camera of cameras) {
      const scene = readScene(sceneDirFor(spec.id, camera), name), photo = scene.photo(), tag = camera === "scene" ? name : `${name}.${camera}`;
      const rawFig = await measurePdf(await imagePdf(rectify(photo, scene.meta.corners, flat.width, flat.height)), truth, marks, reference, WORK, `${tag}.raw`);
      rows.push({ ...base, column: onCamera("true-corner raw", camera), ...strip(rawFig) });
      const looks = [flatFig.look, rawFig.look];
      const input = sceneInput(photo, path.join(WORK, `${tag}.y4m`));
      for (const filter of pipelines) {
        try {
          const result = await withRetry(`scene ${tag} (${filter})`, async () => {
            const session = await openSession(client, filter, ocr);
            return { session, scan: await scanScene(client, session.scanUrl, session.id, input, n < throttled && filter === pipelines[0] && camera === cameras[0] ? 4 : 0, console.log, path.join(WORK, `${tag}.${filter}.failure.png`), ocr) };
          });
          const label = onCamera(result.session.label === filter ? `delivered: ${filter}` : "delivered: current pipeline", camera);
          if (result.session.label !== filter) pipelines = [filter]; // the server ignores modes: every run would be the same pipeline
          const fig = await measurePdf(result.scan.pdf, truth, marks, reference, WORK, `${tag}.${filter}`);
          writeFileSync(path.join(WORK, `${tag}.${filter}.txt`), fig.ocr);
          const text = ocr ? textLayerCer(path.join(WORK, `${tag}.${filter}.pdf`), truth, path.join(WORK, `${tag}.${filter}.layer.txt`)) : undefined;
          const { sendMs, readMs, recogniseMs: reads, ocrStatus } = result.scan;
          const recogniseMs = reads?.length ? reads.reduce((a, b) => a + b, 0) / reads.length : undefined;
          const ocrDone = ocrStatus ? Number(ocrStatus.every((s) => s === "done")) : undefined;
          rows.push({ ...base, column: label, ...strip(fig), useMs: result.scan.useMs, readyMs: result.scan.readyMs, throttledMs: result.scan.throttledMs, captured: result.scan.captured, sendMs, readMs, textCer: text, recogniseMs, ocrDone, ocrStatus });
          if (text !== undefined) console.log(`scene ${tag} text layer (CPU ${OCR_THROTTLE}x): CER ${text.toFixed(3)}, ocr.status ${ocrStatus?.join(",")}, recognition ${recogniseMs?.toFixed(0)} ms, kept → read ${readMs?.toFixed(0)} ms, send ${sendMs.toFixed(0)} ms`);
          looks.push(fig.look);
          console.log(`scene ${tag} (${spec.split}) ${label}: CER ${fig.cer.toFixed(3)} (flat ${flatFig.cer.toFixed(3)}, raw ${rawFig.cer.toFixed(3)}), evenness ${fig.evenness.toFixed(2)}, ${fig.pdfKbPerPage.toFixed(0)} KB, thumbnail ${result.scan.useMs.toFixed(0)} ms, ready ${result.scan.readyMs.toFixed(0)} ms${result.scan.throttledMs ? ` (CPU 4×: ${result.scan.throttledMs.toFixed(0)} ms)` : ""}, ${result.scan.captured}`);
        } catch (e) {
          failures.push(`scene ${tag} (${filter}): ${describeError(e)}`);
          console.log(failures[failures.length - 1]);
        }
      }
      const stamp = marks.find((m) => m.kind === "stamp");
      const focus: Box = stamp ? [Math.max(0, stamp.box[2] - 0.4), Math.max(0, stamp.box[1] - 0.03), 0, 0] : [0.08, 0.1, 0, 0];
      writeGallery(path.join(GALLERY, `${tag}.png`), looks, focus);
    }
    save();
  }
} finally {
  await server.stop();
}

const seconds = (performance.now() - started) / 1000;
save();
for (const l of figureLines(rows)) console.log(l);
console.log(`\nGallery: ${GALLERY}/NN${cameras.some((c) => c !== "scene") ? "[.camera]" : ""}.png (columns: flat, true-corner raw, ${filters.join(", ")}); results: ${path.join(OUT, "results.json")}`);
console.log(`Run: ${scenes.length} scenes × ${filters.join(",")} in ${seconds.toFixed(0)} s${failures.length ? `; ${failures.length} failed` : ""}\n`);
for (const split of ["test", "train"] as const) if (rows.some((r) => r.split === split)) console.log(`${split} scenes (${[...new Set(rows.filter((r) => r.split === split).map((r) => r.scene))].join(", ")}):\n\n${markdownTable(rows, split)}\n`);
if (failures.length) process.exitCode = 1;
