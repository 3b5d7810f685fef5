#!/usr/bin/env node
/**
 * `npm test`: the service suite (unit, contract, HTTP-level API tests), the fault suite
 * (real server processes: tests/fault), then the browser
 * suite (Playwright + Chromium against the built app). Without Chromium the browser suite
 * is reported as not run — and under CI (CI=true) or REQUIRE_E2E=1 that is a failure.
 * Ends with one plain summary line: "tests: N passed, N failed".
 *
 * TEST_SCOPE=backend runs only what can behave differently on another database or
 * rate-limit store: the adapter contracts, the API tests (and the one unit file that reads
 * the database), and the fault files that run on the configured backend. CI's second pass
 * (Postgres + Redis) uses it; everything else would only repeat the first pass, the browser
 * suite included (its server's backend is exercised by the API tests on both).
 *
 * TEST_PROJECTS=service,fault (any of service, fault, e2e) runs only those projects, so CI
 * can run a CPU-bound suite beside one that mostly waits.
 */
import "./node-version.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./build-if-stale.mjs";

const vitest = path.join(root, "node_modules", ".bin", "vitest");
const extraArgs = process.argv.slice(2);
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
const requireE2e = process.env.CI === "true" || process.env.REQUIRE_E2E === "1";
// TEST_REPORT_DIR keeps the vitest JSON reports (per-file durations) where CI can read them.
const outDir = process.env.TEST_REPORT_DIR || mkdtempSync(path.join(tmpdir(), "docscan-test-report-"));
mkdirSync(outDir, { recursive: true });

const BACKEND_SCOPE = {
  service: ["tests/contract/", "tests/api/", "tests/unit/bench-lock-waits.test.ts"],
  fault: ["tests/fault/postgres-outage.test.ts", "tests/fault/hosted-start.test.ts", "tests/fault/session-races.test.ts"],
  e2e: null,
};
const PROJECTS = ["service", "fault", "e2e"];
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

function runProject(name) {
  const report = path.join(outDir, `${name}${scope === "backend" ? "-backend" : ""}.json`);
  const files = scope === "backend" ? BACKEND_SCOPE[name] : [];
  const result = spawnSync(vitest, ["run", "--project", name, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extraArgs], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
  });
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
  // A file that fails outside any test (a hook, an import) has no failed test to count.
  const brokenFiles = (counts?.testResults ?? []).filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"));
  const failed = (counts?.numFailedTests ?? 0) + brokenFiles.length;
  return {
    ok: result.status === 0,
    passed: counts?.numPassedTests ?? 0,
    failed: result.status === 0 ? failed : Math.max(failed, 1),
  };
}

const results = ["service", "fault"].filter(wanted).map(runProject);
if (wanted("e2e")) {
  if (chromium) results.push(runProject("e2e"));
  else if (requireE2e) {
    console.error("The browser suite needs Chromium (apt-get install -y chromium); CI requires it.");
    results.push({ ok: false, passed: 0, failed: 1 });
  } else console.warn("\nChromium not found: the browser suite (tests/e2e) did not run. Install it with apt-get install -y chromium.\n");
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
