/**
 * The layering, as a rule: every import between folders goes downward in
 *
 *   routes (app/) → http → domain → adapters → base
 *
 * (skipping a layer is fine, except that routes never reach an adapter: they call a verb),
 * the folders of lib/ import each other without a cycle, and the browser's scanner/ and the
 * server meet only in scanner/contract.ts. A new lib folder or top-level file must be given
 * a layer here, so the table stays the whole picture.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

/** lib/'s folders and top-level files (without extension), by layer, highest first. */
const LAYERS = {
  http: ["http", "openapi"],
  domain: [
    "accounts", "analytics", "credits", "cron", "domains", "files", "guides", "idempotency", "keys", "profiles", "qr",
    "readiness", "redaction", "scanner-settings", "scheduler", "session-states", "sessions", "tokens", "webhooks",
  ],
  adapters: ["context", "db", "defer", "ratelimit", "services", "storage"],
  base: ["clock", "config", "crypto", "dependencies", "errors", "ids", "log", "request-body", "text", "validation"],
} as const;
const RANK = ["routes", "http", "domain", "adapters", "base"];

/** `typeOnly`: an `import type`/`export type` statement, which the compiler erases. */
type Edge = { from: string; to: string; file: string; target: string; typeOnly?: boolean };

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx|mjs)$/.test(f) && !f.endsWith(".d.mts") ? [p] : [];
  });

/** "lib/<folder or file>" for lib/, else the top folder: app, console, scanner. */
function unitOf(rel: string): string {
  const [top, second] = rel.split(path.sep);
  return top === "lib" && second ? `lib/${second.replace(/\.(ts|tsx|mjs)$/, "")}` : top;
}

/** Every relative or `@/` import between two different units. */
function edges(): Edge[] {
  const found: Edge[] = [];
  for (const top of ["app", "lib", "scanner", "console"]) {
    for (const file of walk(path.join(ROOT, top))) {
      const rel = path.relative(ROOT, file);
      const source = readFileSync(file, "utf8");
      const typeOnly = [...source.matchAll(/^(?:import|export)\s+type\b[^;]*;/gm)].map((m) => [m.index, m.index + m[0].length]);
      for (const { 1: spec, index } of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"((?:\.|@\/)[^"]+)"/g)) {
        const target = path.relative(ROOT, spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(file), spec));
        const [from, to] = [unitOf(rel), unitOf(target)];
        if (from !== to) found.push({ from, to, file: rel, target, typeOnly: typeOnly.some(([start, end]) => index >= start && index < end) });
      }
    }
  }
  return found;
}

function layerOf(unit: string): string | undefined {
  if (unit === "app") return "routes";
  const name = unit.replace(/^lib\//, "");
  return Object.entries(LAYERS).find(([, units]) => (units as readonly string[]).includes(name))?.[0];
}

/** Strongly connected groups of two or more units (Tarjan). */
function cycles(all: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of all) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group = stack.splice(stack.indexOf(v));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("import layers", () => {
  const all = edges();
  const libUnits = new Set(readdirSync(path.join(ROOT, "lib")).map((f) => `lib/${f.replace(/\.(ts|tsx|mjs)$/, "")}`));

  it("finds the imports it checks", () => {
    expect(all.some((e) => e.from === "lib/sessions" && e.to === "lib/webhooks")).toBe(true);
    expect(all.some((e) => e.from === "app" && e.to === "lib/http")).toBe(true);
    expect(all.find((e) => e.file === path.join("console", "types.ts") && e.to === "lib/openapi")?.typeOnly).toBe(true);
    expect(all.find((e) => e.file === path.join("lib", "openapi", "document.ts") && e.to === "lib/errors")?.typeOnly).toBe(false);
  });

  it("gives every lib folder and top-level file a layer", () => {
    expect([...libUnits].filter((u) => !layerOf(u))).toEqual([]);
  });

  it("imports only downward, and routes reach adapters only through a verb", () => {
    const upward = all
      .filter((e) => e.from === "app" || e.from.startsWith("lib/"))
      .filter((e) => e.to.startsWith("lib/"))
      .filter((e) => {
        const [a, b] = [RANK.indexOf(layerOf(e.from)!), RANK.indexOf(layerOf(e.to)!)];
        return b < a || (e.from === "app" && layerOf(e.to) === "adapters");
      })
      .map((e) => `${e.file} → ${e.target}`);
    expect(upward).toEqual([]);
  });

  it("has no import cycle between lib folders or files", () => {
    expect(cycles(all.filter((e) => e.from.startsWith("lib/") && e.to.startsWith("lib/")))).toEqual([]);
  });

  it("has the cycle check see a cycle when there is one", () => {
    const edge = (from: string, to: string): Edge => ({ from, to, file: from, target: to });
    expect(cycles([edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d")])).toEqual([["a", "b", "c"]]);
  });

  it("lets the server take only scanner/contract.ts from the scanner, and the scanner nothing from the server", () => {
    const server = all.filter((e) => (e.from.startsWith("lib/") || e.file.startsWith(`app${path.sep}v1`)) && e.to === "scanner");
    expect(server.length).toBeGreaterThan(0);
    expect([...new Set(server.map((e) => e.target))]).toEqual([path.join("scanner", "contract")]);
    expect(all.filter((e) => e.from === "scanner" && (e.to.startsWith("lib/") || e.to === "app" || e.to === "console"))).toEqual([]);
  });

  // Type-only imports are erased: the console may take the API's response types (lib/openapi/responses).
  it("keeps server-only modules (http, adapters, config) out of the console's browser code", () => {
    const serverOnly = all.filter((e) => e.from === "console" && !e.typeOnly && (["http", "adapters"].includes(layerOf(e.to) ?? "") || e.to === "lib/config"));
    expect(serverOnly.map((e) => `${e.file} → ${e.target}`)).toEqual([]);
  });
});

describe("the scanner's contract module", () => {
  it("imports nothing, so the browser bundle and the service can both take it", () => {
    const source = readFileSync(path.resolve(ROOT, "scanner/contract.ts"), "utf8");
    expect(source).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s/m);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
