#!/usr/bin/env node
/**
 * `npm test`: the service suite (unit, contract, HTTP-level API tests), the fault suite
 * (real server processes: tests/fault), then the browser
 * suite (Playwright + Chromium against the built app). Without Chromium the browser suite
 * is reported as not run — and under CI (CI=true) or REQUIRE_E2E=1 that is a failure.
 * Ends with one plain summary line: "tests: N passed, N failed".
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./build-if-stale.mjs";

const vitest = path.join(root, "node_modules", ".bin", "vitest");
const extraArgs = process.argv.slice(2);
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
const requireE2e = process.env.CI === "true" || process.env.REQUIRE_E2E === "1";
const outDir = mkdtempSync(path.join(tmpdir(), "docscan-test-report-"));

function runProject(name) {
  const report = path.join(outDir, `${name}.json`);
  const result = spawnSync(vitest, ["run", "--project", name, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extraArgs], {
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

const results = [runProject("service"), runProject("fault")];
if (chromium) results.push(runProject("e2e"));
else if (requireE2e) {
  console.error("The browser suite needs Chromium (apt-get install -y chromium); CI requires it.");
  results.push({ ok: false, passed: 0, failed: 1 });
} else console.warn("\nChromium not found: the browser suite (tests/e2e) did not run. Install it with apt-get install -y chromium.\n");

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
