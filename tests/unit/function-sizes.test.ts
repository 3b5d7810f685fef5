/**
 * scripts/function-sizes.mjs on a made-up builder output: a function is its own files plus
 * what its .vc-config.json maps in, a symlinked function is not counted twice, and the check
 * fails on PGlite, on a test file and on a function over the limit.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script
import { measureFunctions } from "@/scripts/function-sizes.mjs";

/** A project folder whose one function maps in `mapped` (path → bytes), beside a symlink to it. */
function project(mapped: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docscan-fn-"));
  for (const [file, bytes] of Object.entries(mapped)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), Buffer.alloc(bytes));
  }
  const fn = path.join(dir, ".vercel/output/functions/v1/health.func");
  mkdirSync(fn, { recursive: true });
  writeFileSync(path.join(fn, ".vc-config.json"), JSON.stringify({ filePathMap: Object.fromEntries(Object.keys(mapped).map((f) => [f, f])) }));
  symlinkSync(fn, path.join(dir, ".vercel/output/functions/v1/health.rsc.func"));
  return dir;
}

const run = (dir: string, ...args: string[]) => spawnSync(process.execPath, ["scripts/function-sizes.mjs", "--dir", dir, ...args], { encoding: "utf8" });

describe("function sizes", () => {
  it("counts the mapped files once per real function", () => {
    const dir = project({ "node_modules/next/server.js": 3000, ".next/server/app/v1/health/route.js": 1000 });
    const [fn, ...others] = measureFunctions(dir);
    expect(others).toEqual([]);
    expect(fn.name).toBe(path.join("v1", "health.func"));
    expect(fn.bytes).toBeGreaterThan(4000);
    expect(fn.bytes).toBeLessThan(4200);
    expect(run(dir).status).toBe(0);
  });

  it("fails on PGlite or a test file in a function, naming it", () => {
    const pglite = run(project({ "node_modules/@electric-sql/pglite/dist/postgres.wasm": 10 }));
    expect([pglite.status, pglite.stderr]).toEqual([1, expect.stringContaining("PGlite")]);
    const fixture = run(project({ "tests/fixtures/camera-frames/0092.jpg": 10 }));
    expect([fixture.status, fixture.stderr]).toEqual([1, expect.stringContaining("tests/fixtures/camera-frames/0092.jpg")]);
  });

  it("fails when the largest function is over the limit", () => {
    const big = run(project({ "node_modules/big/index.js": 2 * 1024 * 1024 }), "--max-mb", "1");
    expect([big.status, big.stderr]).toEqual([1, expect.stringContaining("over 1 MB")]);
  });
});
