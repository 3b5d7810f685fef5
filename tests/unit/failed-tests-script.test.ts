/**
 * scripts/failed-tests.mjs, which CI prints last: a failed test, a file that failed outside any
 * test (a hook, an import), a report without results, and a clean run.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(reports: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docscan-failed-tests-"));
  dirs.push(dir);
  for (const [name, report] of Object.entries(reports)) writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
  return execFileSync(process.execPath, ["scripts/failed-tests.mjs", dir], { encoding: "utf8" });
}

describe("scripts/failed-tests.mjs", () => {
  it("names each failed test with its run and the start of its error, and files that failed outside a test", () => {
    const out = run({
      service: {
        testResults: [
          {
            name: path.resolve("tests/api/a.test.ts"),
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "a > fine" },
              { status: "failed", fullName: "a > breaks", duration: 1234, failureMessages: ["\u001b[31mAssertionError: expected 500 to be 200\u001b[39m\n    at a.test.ts:3:1"] },
            ],
          },
        ],
      },
      "service-backend": { testResults: [{ name: path.resolve("tests/api/b.test.ts"), status: "failed", message: "Hook timed out in 240000ms" }] },
      e2e: {},
    });
    expect(out).toContain("service  tests/api/a.test.ts > a > breaks (1.2 s)");
    expect(out).toContain("AssertionError: expected 500 to be 200");
    expect(out).not.toContain("\u001b[");
    expect(out).not.toContain("a > fine");
    expect(out).toContain("service-backend  tests/api/b.test.ts (outside any test)");
    expect(out).toContain("Hook timed out in 240000ms");
    expect(out.trim().endsWith("2 in all")).toBe(true);
  });

  it("says none when nothing failed", () => {
    const out = run({ service: { testResults: [{ name: path.resolve("tests/x.test.ts"), status: "passed", assertionResults: [{ status: "passed", fullName: "ok" }] }] } });
    expect(out.trim()).toBe("none");
  });
});
