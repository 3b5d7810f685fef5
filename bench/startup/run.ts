// `npm run bench:startup`: how long the hosted scanner takes from navigation to the first page
// outline drawn over the camera preview, in Chromium through the built app with a fake camera, at
// 1× and 4× CPU throttle (CDP Emulation.setCPUThrottlingRate; 4× stands for a mid-range phone),
// split into the scanner's own start-up parts (probe.ts). Every run is a fresh browser context
// (cold cache, as a first visit) and a fresh session.
// Options (env): BENCH_STARTUP_RUNS=N (default 7 per app and rate), BENCH_STARTUP_RATES=1,4
// BENCH_STARTUP_CAMERA=1080x1920 (the fake camera's frame, portrait as a phone held upright)
// BENCH_STARTUP_BASELINE=DIR: a second checkout (e.g. `git archive <commit> | tar -x -C DIR`, with
// its own node_modules), built and served beside this one, its runs interleaved with ours, so both
// are measured on the same machine under the same load.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "../../scripts/app-server";
import { launchChromium } from "../../tests/e2e/support/browser";
import { projectA4, renderPagePhoto } from "../../tests/e2e/support/synthetic-page";
import { writeY4m } from "../../tests/e2e/support/y4m";
import { openSession, signUp, type Client } from "../pages/scanner";
import { STARTUP_PARTS, STARTUP_PROBE, type StartupPart, type StartupTimes } from "./probe";

const OUT = path.resolve("bench/out/startup");
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
const rates = (process.env.BENCH_STARTUP_RATES ?? "1,4").split(",").map(Number);
const [camW, camH] = (process.env.BENCH_STARTUP_CAMERA ?? "1080x1920").split("x").map(Number);
const baselineDir = process.env.BENCH_STARTUP_BASELINE;
/** A run whose outline has not appeared by then counts as failed. */
const OUTLINE_TIMEOUT_MS = 60_000;

interface App { label: string; server: AppServer; client: Client }
interface Run { app: string; rate: number; times: StartupTimes }

async function startApp(label: string, dir?: string): Promise<App> {
  // a baseline checkout starts through its own scripts, so it builds and serves its own code
  const start: typeof startAppServer = dir ? (await import(path.resolve(dir, "scripts/app-server.ts"))).startAppServer : startAppServer;
  const server = await start({ output: "ignore", env: { LOG_LEVEL: "warn" } });
  return { label, server, client: await signUp(server.baseUrl) };
}

/** One cold start: navigation to the first outline drawn, with the probe's parts. */
async function measure(browser: Browser, app: App, rate: number): Promise<StartupTimes> {
  const session = await openSession(app.client, null);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(STARTUP_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(session.scanUrl, { waitUntil: "commit" });
    const outlined = await page.waitForFunction(() => "firstOutline" in window.__startup, null, { timeout: OUTLINE_TIMEOUT_MS, polling: 50 }).then(() => true, () => false);
    const times = await page.evaluate(() => window.__startup);
    if (!outlined) throw new Error(`no outline within ${OUTLINE_TIMEOUT_MS / 1000} s; reached ${JSON.stringify(times)}${errors.length ? `; page errors: ${errors.join(" | ")}` : ""}`);
    return times;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const fmt = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? "–" : String(Math.round(v)));

function table(all: Run[], apps: string[], rate: number): string {
  const parts = Object.keys(STARTUP_PARTS) as StartupPart[];
  const head = `| part (ms since navigation), CPU ${rate}× | ${apps.map((a) => `${a} median | ${a} min`).join(" | ")} |`;
  const rule = `|---|${apps.map(() => "---:|---:").join("|")}|`;
  const rows = parts.map((part) => {
    const cells = apps.flatMap((a) => {
      const xs = all.filter((r) => r.app === a && r.rate === rate).map((r) => r.times[part]).filter((v): v is number => v !== undefined);
      return xs.length ? [fmt(median(xs)), fmt(Math.min(...xs))] : ["–", "–"];
    });
    return `| ${STARTUP_PARTS[part]} | ${cells.join(" | ")} |`;
  });
  return [head, rule, ...rows].join("\n");
}

mkdirSync(OUT, { recursive: true });
const video = path.join(OUT, `camera-${camW}x${camH}.y4m`);
writeY4m(video, renderPagePhoto(camW, camH, projectA4(camW, camH, { tiltX: 14, tiltY: -8, roll: 4, distance: 420, focal: 1.3 * Math.max(camW, camH) })));
const apps: App[] = [];
try {
  if (baselineDir) apps.push(await startApp("before", baselineDir));
  apps.push(await startApp(baselineDir ? "after" : "this build"));
  const browser = await launchChromium({ fakeVideoFile: video });
  const all: Run[] = [], failures: string[] = [];
  try {
    for (const rate of rates) {
      for (let i = 0; i < runs; i++) {
        // alternate which app goes first, so neither always meets the machine just after the other
        for (const app of i % 2 ? [...apps].reverse() : apps) {
          try {
            const times = await measure(browser, app, rate);
            all.push({ app: app.label, rate, times });
            console.log(`${app.label} CPU ${rate}× run ${i + 1}: first outline ${fmt(times.firstOutline)} ms (worker ready ${fmt(times.workerReady)}, camera frame ${fmt(times.cameraFrame)}, config ${fmt(times.configLoaded)})`);
          } catch (e) {
            failures.push(`${app.label} CPU ${rate}× run ${i + 1}: ${(e as Error).message.split("\n")[0]}`);
            console.log(failures[failures.length - 1]);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  const labels = apps.map((a) => a.label);
  const report = rates.map((rate) => table(all, labels, rate)).join("\n\n");
  writeFileSync(path.join(OUT, "results.json"), JSON.stringify({ generated_at: new Date().toISOString(), camera: `${camW}x${camH}`, runs, rates, baseline: baselineDir ?? null, failures, all }, null, 2) + "\n");
  console.log(`\n${runs} runs per app and rate, camera ${camW}×${camH}; results: ${path.join(OUT, "results.json")}\n\n${report}\n`);
  if (failures.length) process.exitCode = 1;
} finally {
  await Promise.all(apps.map((a) => a.server.stop()));
}
