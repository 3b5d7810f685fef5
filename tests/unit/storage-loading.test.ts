/**
 * The blob store adapters load only when configured: without `S3_BUCKET` the AWS SDK is never
 * evaluated, and with it the local-disk store is not loaded (lib/storage/index.ts). A static import of
 * `lib/storage/s3.ts` (or of `@aws-sdk/*`) anywhere the service loads would undo that, so the
 * second half of this file checks the sources for one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { loadConfig, type Config } from "@/lib/config";

/** The modules whose mock factories (pass-throughs to the real module) have run since `freshStorage`. */
const loaded = new Set<string>();

const WATCHED: [specifier: string, name: string][] = [
  ["@aws-sdk/client-s3", "@aws-sdk/client-s3"],
  ["@aws-sdk/s3-request-presigner", "@aws-sdk/s3-request-presigner"],
  ["@/lib/storage/s3", "lib/storage/s3"],
  ["@/lib/storage/local-disk", "lib/storage/local-disk"],
];
const S3_MODULES = ["@aws-sdk/client-s3", "@aws-sdk/s3-request-presigner", "lib/storage/s3"];

function configWith(s3: Config["s3"]): Config {
  // tests/support/setup.ts has set DATA_DIR, APP_SECRET and the rest of a local start.
  return { ...loadConfig(), s3 };
}

/**
 * lib/storage in a fresh module registry, with each watched module recording its first load.
 * `vi.resetModules` keeps mocked modules cached, so the mocks are registered anew (which drops
 * the cached ones) for every case: each case sees only what its own import loads.
 */
async function freshStorage() {
  vi.resetModules();
  loaded.clear();
  for (const [specifier, name] of WATCHED) {
    vi.doMock(specifier, async (importOriginal) => {
      loaded.add(name);
      return importOriginal<Record<string, unknown>>();
    });
  }
  return import("@/lib/storage");
}

describe("createBlobStore loads only the configured adapter", () => {
  it("importing lib/storage loads no adapter", async () => {
    await freshStorage();
    expect([...loaded]).toEqual([]);
  });

  it("local disk (no S3_BUCKET): the S3 store and the AWS SDK are never loaded", async () => {
    const { createBlobStore } = await freshStorage();
    const store = await createBlobStore(configWith(undefined));
    expect(store.kind).toBe("local");
    expect([...loaded]).toEqual(["lib/storage/local-disk"]);
    for (const module of S3_MODULES) expect(loaded.has(module), module).toBe(false);
  });

  it("S3_BUCKET set: the S3 store and the SDK load, the local-disk store does not", async () => {
    const { createBlobStore } = await freshStorage();
    const store = await createBlobStore(configWith({ bucket: "docs", region: "us-east-1", endpoint: "http://127.0.0.1:9", forcePathStyle: true }));
    expect(store.kind).toBe("s3");
    for (const module of S3_MODULES) expect(loaded.has(module), module).toBe(true);
    expect(loaded.has("lib/storage/local-disk")).toBe(false);
  });
});

describe("static imports of the S3 adapter", () => {
  const ROOT = process.cwd();
  const S3_FILE = path.join(ROOT, "lib", "storage", "s3");

  /** The service's own sources: lib/, app/ and the root modules Next loads (tests, bench and scripts are not deployed). */
  function serviceSources(): string[] {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const full = path.join(dir, f);
        return statSync(full).isDirectory() ? walk(full) : /\.(ts|tsx|mts|mjs|js)$/.test(f) ? [full] : [];
      });
    const rootFiles = readdirSync(ROOT).filter((f) => /\.(ts|mjs)$/.test(f) && !/\.config\./.test(f)).map((f) => path.join(ROOT, f));
    return [...walk(path.join(ROOT, "lib")), ...walk(path.join(ROOT, "app")), ...rootFiles];
  }

  /** Each module a file loads when it is evaluated: `import … from`, `export … from` and `import "…"`, but not `import type`/`export type`. */
  function staticImports(source: string): string[] {
    const specs: string[] = [];
    for (const [, spec] of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+["']([^"']+)["']/gm)) specs.push(spec);
    for (const [, spec] of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) specs.push(spec);
    return specs;
  }

  function resolvesTo(file: string, spec: string): string | null {
    if (spec.startsWith("@/")) return path.join(ROOT, spec.slice(2));
    if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
    return null;
  }

  const sources = serviceSources();

  it("finds the sources it checks", () => {
    expect(sources).toContain(path.join(ROOT, "lib", "storage", "index.ts"));
    expect(sources).toContain(path.join(ROOT, "lib", "storage", "s3.ts"));
    expect(staticImports(readFileSync(S3_FILE + ".ts", "utf8"))).toContain("@aws-sdk/client-s3");
  });

  it("only lib/storage/s3.ts imports the AWS SDK", () => {
    const importers = sources.filter((file) => staticImports(readFileSync(file, "utf8")).some((spec) => spec.startsWith("@aws-sdk/")));
    expect(importers.map((f) => path.relative(ROOT, f))).toEqual([path.join("lib", "storage", "s3.ts")]);
  });

  it("no service module imports lib/storage/s3.ts statically (createBlobStore loads it with import())", () => {
    const importers = sources.filter((file) =>
      staticImports(readFileSync(file, "utf8")).some((spec) => resolvesTo(file, spec)?.replace(/\.(ts|js)$/, "") === S3_FILE),
    );
    expect(importers.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
