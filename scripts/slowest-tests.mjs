#!/usr/bin/env node
/**
 * `node scripts/slowest-tests.mjs DIR [N]`: the N (default 12) slowest test files across the
 * vitest JSON reports in DIR (scripts/test.mjs writes them there with TEST_REPORT_DIR), with
 * each report's summed file time, so CI's log shows where the time goes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, count = "12"] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/slowest-tests.mjs REPORT_DIR [N]");
  process.exit(2);
}
const files = [];
for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  const run = path.basename(name, ".json");
  // A file's time is from its first test's start to its last test's end, hooks included.
  const perFile = report.testResults.map((f) => ({ run, file: path.relative(process.cwd(), f.name), ms: f.endTime - f.startTime }));
  const total = perFile.reduce((sum, f) => sum + f.ms, 0);
  console.log(`${run}: ${perFile.length} files, ${(total / 1000).toFixed(0)} s summed over files`);
  files.push(...perFile);
}
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, Number(count))) console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.run}  ${f.file}`);
