#!/usr/bin/env node
/**
 * `node scripts/failed-tests.mjs DIR`: every failed test (and every file that failed outside a
 * test, in a hook or at import) across the vitest JSON reports in DIR, with the first lines of
 * its error. CI prints it last, so a record that keeps only the end of the log still says what
 * failed, in which run (embedded or on Postgres + Redis), and why.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/failed-tests.mjs REPORT_DIR");
  process.exit(2);
}
const ERROR_LINES = 6;
const firstLines = (text) =>
  String(text ?? "")
    // eslint-disable-next-line no-control-regex -- colour codes from the reporter
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, ERROR_LINES)
    .map((line) => `      ${line.trim()}`)
    .join("\n");

let failures = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  const run = path.basename(name, ".json");
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    // A file that failed to load may have no results at all.
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const test of failedTests) {
      failures += 1;
      console.log(`  ${run}  ${where} > ${test.fullName} (${((test.duration ?? 0) / 1000).toFixed(1)} s)`);
      console.log(firstLines(test.failureMessages?.join("\n")));
    }
    // A hook or an import that failed leaves the file failed with no failed test of its own.
    if (file.status === "failed" && failedTests.length === 0) {
      failures += 1;
      console.log(`  ${run}  ${where} (outside any test)`);
      console.log(firstLines(file.message));
    }
  }
}
console.log(failures === 0 ? "none" : `${failures} in all`);
