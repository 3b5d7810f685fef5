/**
 * `npm start` and `npm test` refuse a Node.js older than `engines` with one line naming
 * both versions (scripts/node-version.mjs), and say nothing on a new enough one. Run in a
 * scratch folder whose package.json asks for more, or less, than the running Node.js.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function runWithEngines(node: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "docscan-engines-"));
  mkdirSync(path.join(dir, "scripts"));
  copyFileSync(path.resolve("scripts/node-version.mjs"), path.join(dir, "scripts/node-version.mjs"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ engines: { node } }));
  return spawnSync(process.execPath, [path.join(dir, "scripts/node-version.mjs")], { encoding: "utf8" });
}

describe("the Node.js version check", () => {
  it("refuses an older Node.js with one line naming both versions", () => {
    const run = runWithEngines(">=999");
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringContaining(`needs Node.js >=999 (package.json "engines"), but this is Node.js ${process.version}`)]);
  });

  it("lets a new enough Node.js through without a word", () => {
    const run = runWithEngines(`>=${process.versions.node.split(".")[0]}`);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "", ""]);
  });

  it("is the first thing npm start and npm test load", () => {
    for (const script of ["scripts/start.mjs", "scripts/test.mjs"]) {
      const firstImport = /^import .*$/m.exec(readFileSync(script, "utf8"))?.[0];
      expect(firstImport, script).toBe('import "./node-version.mjs";');
    }
  });
});
