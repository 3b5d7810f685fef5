/**
 * /v1/openapi.json imported into a client generator from npm (openapi-typescript), as an
 * integrator's tooling would: the generated types must compile, name this instance in
 * `servers`, and accept every request example the document shows.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { REQUEST_EXAMPLES } from "@/lib/openapi/request-examples";
import { OPERATIONS } from "@/lib/openapi/operations";
import { callJson } from "../support/app";
import { useServices } from "../support/services";

useServices({ PUBLIC_BASE_URL: "https://scan.example.test" });

describe("a client generated from /v1/openapi.json", () => {
  it("compiles, and every request example type-checks against its generated operation", async () => {
    const served = await callJson("GET", "/v1/openapi.json");
    expect(served.body.servers).toEqual([{ url: "https://scan.example.test", description: "This instance" }]);
    const types = astToString(await openapiTS(served.body));
    const checks = OPERATIONS.filter((op) => REQUEST_EXAMPLES[op.key] !== undefined).map(
      (op, i) => `const example${i}: paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method.toLowerCase())}]["requestBody"] extends infer B ? B extends { content: { "application/json": infer J } } ? J : never : never = ${JSON.stringify(REQUEST_EXAMPLES[op.key])};`,
    );
    expect(checks.length).toBeGreaterThan(15);
    const dir = mkdtempSync(path.join(os.tmpdir(), "docscan-openapi-"));
    try {
      writeFileSync(path.join(dir, "api.d.ts"), types);
      writeFileSync(
        path.join(dir, "use.ts"),
        [
          'import type { paths, webhooks } from "./api";',
          ...checks,
          'type Completed = webhooks["scan.completed"]["post"]["requestBody"];',
          'type Failed = webhooks["scan.failed"]["post"]["requestBody"];',
          'type Ping = webhooks["test.ping"]["post"]["requestBody"];',
          "export type All = [Completed, Failed, Ping];",
          `export const all = [${checks.map((_, i) => `example${i}`).join(", ")}];`,
        ].join("\n"),
      );
      const tsc = path.resolve("node_modules/typescript/bin/tsc");
      /** The compiler's complaints, or "" when the file type-checks. */
      const tscErrors = () => {
        try {
          execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--moduleResolution", "bundler", "--module", "esnext", path.join(dir, "use.ts")], { encoding: "utf8" });
          return "";
        } catch (e) {
          return String((e as { stdout?: string }).stdout);
        }
      };
      expect(tscErrors()).toBe("");
      // and it can fail: an example with a wrong field type is refused
      writeFileSync(path.join(dir, "use.ts"), 'import type { paths } from "./api";\nconst bad: paths["/v1/dashboard/keys"]["post"]["requestBody"] extends infer B ? B extends { content: { "application/json": infer J } } ? J : never : never = { kind: "nope", mode: "test" };\nexport { bad };\n');
      expect(tscErrors()).toMatch(/use\.ts.*error TS2322/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // two runs of the TypeScript compiler
});
