#!/usr/bin/env node
/**
 * `npm test`: the service suite (unit, contract, HTTP-level API tests), the fault suite (real
 * server processes: tests/fault) and the browser suite (Playwright + Chromium against the
 * built app), in the lanes CI uses, side by side: the service suite in one; the build then the
 * browser suite in another; the fault suite, once the build is there, in a third. No one of
 * them keeps two cores busy alone (the fault suite mostly waits on the processes it starts).
 *
 * First it checks the system tools some tests need (scripts/test-tools.mjs) and prints the
 * plan: the suites, what will not run and why (with the one-line install command), and a time
 * estimate (this machine's last whole run, else a first guess). Under CI (CI=true) or with
 * REQUIRE_TOOLS=1 every tool is required: a missing one fails the run. Last it prints the
 * summary (passed, failed, not run, time) and one plain line: "tests: N passed, N failed".
 *
 * With one suite the output is vitest's own, live; with several, each lane's output is kept
 * in a log and shown when the lane ends: in full if it failed, else its closing counts.
 *
 * TEST_SCOPE=backend runs only what can behave differently on another database or
 * rate-limit store: the adapter contracts, the API tests (and the one unit file that reads
 * the database), and the fault files that run on the configured backend. CI's second pass
 * (Postgres + Redis) uses it; everything else would only repeat the first pass, the browser
 * suite included (its server's backend is exercised by the API tests on both).
 *
 * TEST_PROJECTS=service,fault (any of service, fault, e2e) runs only those projects; CI runs
 * each lane as its own `npm test` with one of them.
 */
import "./node-version.mjs";
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { root } from "./build-if-stale.mjs";
import { installCommand, missingTools, toolsRequired } from "./test-tools.mjs";

const vitest = path.join(root, "node_modules", ".bin", "vitest");
const extraArgs = process.argv.slice(2);
// TEST_REPORT_DIR keeps the vitest JSON reports (per-file durations) where CI can read them.
const outDir = process.env.TEST_REPORT_DIR || mkdtempSync(path.join(tmpdir(), "docscan-test-report-"));
mkdirSync(outDir, { recursive: true });
const started = Date.now();

const BACKEND_SCOPE = {
  service: ["tests/contract/", "tests/api/", "tests/unit/bench-lock-waits.test.ts"],
  fault: ["tests/fault/postgres-outage.test.ts", "tests/fault/hosted-start.test.ts", "tests/fault/session-races.test.ts"],
  e2e: null,
};
const PROJECTS = ["service", "fault", "e2e"];
const SUITE_NAMES = { service: "service suite", fault: "fault suite", e2e: "browser suite", build: "build (next build)" };
const scope = process.env.TEST_SCOPE ?? "all";
if (!["all", "backend"].includes(scope)) {
  console.error(`TEST_SCOPE must be "all" or "backend", not "${scope}"`);
  process.exit(2);
}
const projects = (process.env.TEST_PROJECTS || PROJECTS.join(",")).split(",").map((p) => p.trim());
const unknown = projects.filter((p) => !PROJECTS.includes(p));
if (unknown.length > 0) {
  console.error(`TEST_PROJECTS takes ${PROJECTS.join(", ")}, not ${unknown.join(", ")}`);
  process.exit(2);
}
const wanted = (name) => projects.includes(name) && (scope === "all" || BACKEND_SCOPE[name] !== null);
const inScope = (file) => scope === "all" || BACKEND_SCOPE[file.split("/")[1] === "fault" ? "fault" : "service"].some((s) => file.startsWith(s));

// ---- the tools, and what their absence leaves out
const required = toolsRequired();
const missing = missingTools().filter((t) => wanted(t.project) && (t.files === null || t.files.some(inScope)));
const projectWithout = (name) => missing.find((t) => t.project === name && t.files === null);
// A suite whose tool is missing is not started; under CI that counts as a failure below.
const toRun = PROJECTS.filter((p) => wanted(p) && !projectWithout(p));

// ---- the time estimate: this machine's last run of each step, else a first guess (each
// step's time in a whole `npm test` on a quiet 2-core machine: docs/testing.md)
const TIMES_FILE = path.join(root, "node_modules", ".cache", "docscan-test-times.json");
const FIRST_GUESS_SECONDS = { service: 540, fault: 310, e2e: 490, build: 60, "service-backend": 170, "fault-backend": 55 };
const history = existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, "utf8")) : {};
const key = (step) => (scope === "backend" && step !== "build" ? `${step}-backend` : step);
const estimate = (step) => history[key(step)] ?? FIRST_GUESS_SECONDS[key(step)] ?? 0;
// The build runs once: the lane that asks second waits for it (both suites start the built app).
const lanes = toRun.map((p) => (p === "service" ? [p] : ["build", p]));
const laneSeconds = (lane) => lane.reduce((s, step) => s + estimate(step), 0);
const estimated = Math.max(0, ...lanes.map(laneSeconds));
const minutes = (s) => (s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`);

// ---- the plan
console.log(`== plan: ${lanes.length > 1 ? `${lanes.length} lanes side by side` : "one suite"}${scope === "backend" ? " (TEST_SCOPE=backend)" : ""}; about ${minutes(estimated)} (${Object.keys(history).length ? "this machine's last run" : "a first guess: no run timed here yet"})`);
for (const lane of lanes) console.log(`   lane: ${lane.map((s) => SUITE_NAMES[s]).join(", then ")}, about ${minutes(laneSeconds(lane))}`);
for (const t of missing) {
  const what = t.files === null ? t.what : `${t.files.join(", ")}: ${t.what}`;
  console.log(`   ${required ? "MISSING (required here)" : "not run"}: ${what}; needs ${t.tool}`);
}
if (missing.length > 0) console.log(`   install: ${installCommand(missing)}${required ? "" : " (optional: the rest runs without them)"}`);
if (lanes.length === 0) console.log("   nothing to run");

// ---- running
/**
 * The priority of the service suite beside the others: it is pure CPU work that waits for
 * nothing, while the browser suite's pages and the fault suite's servers answer on timers;
 * at an equal share the browser suite ran several times as long as alone (docs/testing.md).
 */
const BACKGROUND_PRIORITY = 10;

function run(command, args, log, { background = false } = {}) {
  return new Promise((resolve) => {
    const fd = log ? openSync(log, "w") : null;
    const child = spawn(command, args, {
      cwd: root,
      stdio: fd === null ? "inherit" : ["ignore", fd, fd],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
    });
    // Set before vitest forks its workers, which inherit it.
    if (background && child.pid) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // not allowed here: the run only shares the cores evenly
      }
    }
    child.on("close", (code, signal) => {
      if (fd !== null) closeSync(fd);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const live = lanes.length <= 1;
let building;
const build = () =>
  (building ??= run(process.execPath, ["--input-type=module", "-e", 'await (await import("./scripts/build-if-stale.mjs")).buildIfStale()'], live ? null : path.join(outDir, "build.log")));
const seconds = {};

async function runProject(name) {
  const report = path.join(outDir, `${name}${scope === "backend" ? "-backend" : ""}.json`);
  const log = live ? null : path.join(outDir, `${name}${scope === "backend" ? "-backend" : ""}.log`);
  const files = scope === "backend" ? BACKEND_SCOPE[name] : [];
  const from = Date.now();
  const status = await run(vitest, ["run", "--project", name, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extraArgs], log, { background: name === "service" && !live });
  seconds[key(name)] = (Date.now() - from) / 1000;
  const counts = existsSync(report) && statusOfReport(report);
  // A file that fails outside any test (a hook, an import) has no failed test to count.
  const brokenFiles = (counts?.testResults ?? []).filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"));
  const failed = (counts?.numFailedTests ?? 0) + brokenFiles.length;
  const result = { name, ok: status === 0, passed: counts?.numPassedTests ?? 0, failed: status === 0 ? failed : Math.max(failed, 1), skipped: (counts?.numPendingTests ?? 0) + (counts?.numTodoTests ?? 0), log };
  if (!live) showLane(result);
  return result;
}

function statusOfReport(report) {
  try {
    return JSON.parse(readFileSync(report, "utf8"));
  } catch {
    return null;
  }
}

/** A lane's output once it ends: all of it when it failed, its closing counts when green. */
function showLane(r) {
  const text = readFileSync(r.log, "utf8");
  const lines = text.split("\n");
  const tail = lines.findIndex((l) => /^\s*(\S+\s+)?Test Files\s/.test(stripVTControlCharacters(l)));
  console.log(`\n---- ${SUITE_NAMES[r.name]}: ${r.ok ? "passed" : "FAILED"} in ${minutes(seconds[key(r.name)])} (log: ${r.log}) ----`);
  console.log(r.ok && tail >= 0 ? lines.slice(tail).join("\n").trimEnd() : text.trimEnd());
}

async function lane(steps) {
  const results = [];
  for (const step of steps) {
    if (step === "build") {
      const from = Date.now();
      const status = await build();
      seconds.build ??= (Date.now() - from) / 1000;
      if (status !== 0) {
        if (!live) console.log(`\n---- build failed ----\n${readFileSync(path.join(outDir, "build.log"), "utf8").trimEnd()}`);
        return [{ name: "build", ok: false, passed: 0, failed: 1, skipped: 0 }];
      }
      continue;
    }
    results.push(await runProject(step));
  }
  return results;
}

const results = (await Promise.all(lanes.map(lane))).flat();
// Under CI a missing tool is a failure of its own, whatever ran.
for (const t of required ? missing : []) {
  console.error(`${t.what} needs ${t.tool} (${installCommand([t])}); every tool is required here.`);
  results.push({ name: t.tool, ok: false, passed: 0, failed: 1, skipped: 0 });
}

// Only whole suites make a fair estimate: a run narrowed by file names or options is not kept.
if (Object.keys(seconds).length > 0 && extraArgs.length === 0 && results.every((r) => r.ok)) {
  mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
  writeFileSync(TIMES_FILE, JSON.stringify({ ...history, ...seconds }));
}

// ---- the summary
const sum = (field) => results.reduce((n, r) => n + r[field], 0);
const passed = sum("passed"), failed = sum("failed"), skipped = sum("skipped");
const notRun = [...(skipped ? [`${skipped} skipped tests`] : []), ...(required ? [] : missing.map((t) => `${t.files === null ? t.what : t.files.join(", ")} (no ${t.tool})`))];
console.log(`\n== summary: ${passed} passed, ${failed} failed, not run: ${notRun.length ? notRun.join("; ") : "nothing"}; ${minutes((Date.now() - started) / 1000)}`);
if (!required && missing.length > 0) console.log(`   to run everything: ${installCommand(missing)}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
