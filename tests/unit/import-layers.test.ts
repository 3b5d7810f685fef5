/**
 * The layering the code review asked for, kept by a test: no import cycle between the two
 * folder pairs it found (http ↔ keys, accounts ↔ profiles), and domain code takes nothing
 * from lib/http but the upload body reader it streams through (never route(), the guards
 * or the barrel, which would pull the whole HTTP layer and every adapter into a verb).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LIB = path.resolve(process.cwd(), "lib");

/** Every `lib/<folder>/…` file's imports of another lib folder, as [from folder, to folder, module]. */
function folderImports(): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const folder of readdirSync(LIB).filter((f) => statSync(path.join(LIB, f)).isDirectory())) {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : /\.(ts|mjs)$/.test(f) ? [path.join(dir, f)] : []));
    for (const file of walk(path.join(LIB, folder))) {
      for (const [, spec] of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)) {
        const target = path.relative(LIB, path.resolve(path.dirname(file), spec));
        const to = target.split(path.sep)[0];
        if (!target.startsWith("..") && target.includes(path.sep) && to !== folder) found.push([folder, to, target]);
      }
    }
  }
  return found;
}

describe("lib/ layering", () => {
  const imports = folderImports();
  const reaches = (from: string, to: string) => imports.some(([f, t]) => f === from && t === to);

  it("finds the folder imports it checks", () => {
    expect(reaches("sessions", "webhooks")).toBe(true);
  });

  it.each([
    ["http", "keys"],
    ["accounts", "profiles"],
  ])("%s and %s do not import each other both ways", (a, b) => {
    expect(reaches(a, b) && reaches(b, a)).toBe(false);
  });

  it("domain folders import from lib/http only the upload body reader", () => {
    const fromDomain = imports.filter(([from, to]) => to === "http" && from !== "http").map(([, , module]) => module);
    expect([...new Set(fromDomain)]).toEqual(["http/upload-body"]);
  });
});

describe("the scanner's contract module", () => {
  it("imports nothing, so the browser bundle and the service can both take it", () => {
    const source = readFileSync(path.resolve(process.cwd(), "scanner/contract.ts"), "utf8");
    expect(source).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s/m);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it("is where lib/ takes the scanner's lists and types from, and the only scanner/ module lib/ imports", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : /\.ts$/.test(f) ? [path.join(dir, f)] : []));
    const scannerModules = walk(LIB).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)]
        .map(([, spec]) => path.relative(process.cwd(), path.resolve(path.dirname(file), spec)))
        .filter((target) => target.startsWith(`scanner${path.sep}`)),
    );
    expect(scannerModules.length).toBeGreaterThan(0);
    expect([...new Set(scannerModules)]).toEqual([path.join("scanner", "contract")]);
  });
});
