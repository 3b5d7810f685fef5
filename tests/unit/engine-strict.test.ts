/**
 * The project's .npmrc makes npm refuse an unsupported Node before installing anything (not
 * after 100 s of installing, as without it). Checked with this machine's npm on a copy of the
 * project whose `engines` the running Node cannot meet: the same mechanism an old Node meets.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe(".npmrc engine-strict", () => {
  it("is set, and the package's engines name the Node the app needs", () => {
    expect(readFileSync(".npmrc", "utf8")).toMatch(/^engine-strict=true$/m);
    expect(JSON.parse(readFileSync("package.json", "utf8")).engines.node).toBe(">=22");
  });

  it("makes npm ci refuse a Node outside engines at once, with nothing installed", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "docscan-engines-"));
    try {
      cpSync(".npmrc", path.join(dir, ".npmrc"));
      cpSync("package-lock.json", path.join(dir, "package-lock.json"));
      const pkg = JSON.parse(readFileSync("package.json", "utf8"));
      writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...pkg, engines: { node: ">=99" } }));
      let output = "";
      try {
        execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8", stdio: "pipe", timeout: 60_000 });
      } catch (e) {
        output = String((e as { stderr?: string }).stderr);
      }
      expect(output).toMatch(/npm error code EBADENGINE/); // an error, not the warning npm gives without engine-strict
      expect(output).toContain('Required: {"node":">=99"}');
      expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
