#!/usr/bin/env node
/**
 * `npm run function-sizes`: what the deployed functions carry, read from the real builder's
 * output (`vercel build`, `.vercel/output/functions`), not from Next's trace files: the builder
 * adds the instrumentation's and the server's own traces to every function, so a route's trace
 * alone understates it. Each function is its own files plus every file its `.vc-config.json`
 * maps in (`filePathMap`, which the CLI uploads); functions that are symlinks share another's.
 *
 * Fails (exit 1) when the largest function is over the limit (15 MB by default, `--max-mb N`),
 * or when any function carries the embedded database (PGlite) or a file of the test suite, the
 * benchmarks, the docs or the examples.
 *
 *   node scripts/function-sizes.mjs [--dir PROJECT]   measure PROJECT/.vercel/output (default: here)
 *   node scripts/function-sizes.mjs --build           first `vercel build` a clean clone of HEAD, offline
 *
 * `--build` clones the committed HEAD into a temporary folder (the builder installs packages
 * there, never in this checkout), writes a local project stub `.vercel/project.json` (no account,
 * no network but the npm registry) and runs `vercel build` with the CLI in `VERCEL_CLI`, or with
 * CLI VERCEL_CLI_VERSION installed once into the temporary folder. About a minute; CI runs it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const MB = 1_000_000;
const FORBIDDEN = [
  { what: "PGlite", test: (f) => f.includes("node_modules/@electric-sql/pglite/") },
  { what: "test, bench, docs or examples file", test: (f) => /^(tests|bench|docs|examples)\//.test(f) || /\.test\.[cm]?[jt]sx?$/.test(f) },
  { what: "static file (public/, served by the CDN)", test: (f) => f.startsWith("public/") },
];

function parseArgs(argv) {
  const args = { build: false, dir: process.cwd(), maxMb: 15 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--build") args.build = true;
    else if (argv[i] === "--dir") args.dir = path.resolve(argv[++i]);
    else if (argv[i] === "--max-mb") args.maxMb = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(args.maxMb > 0)) throw new Error("--max-mb takes a positive number");
  return args;
}

/**
 * The CLI the sizes were last checked with, pinned so a new release cannot change CI's answer
 * unseen (bump it to check a newer builder). It pins `sandbox` 4.4.0, which the registry these
 * machines use does not hold; 4.5.0, the next release, stands in (the build never runs it).
 */
const VERCEL_CLI_VERSION = "64.0.2";

function pinnedCli() {
  const dir = path.join(tmpdir(), `docscan-vercel-cli-${VERCEL_CLI_VERSION}`);
  const bin = path.join(dir, "node_modules", ".bin", "vercel");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, dependencies: { vercel: VERCEL_CLI_VERSION }, overrides: { sandbox: "4.5.0" } }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
  return bin;
}

/** A clean clone of HEAD, built by the real builder with a local project stub. */
function buildClone(repo) {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "docscan-vercel-")), "app");
  execFileSync("git", ["clone", "--quiet", repo, dir], { stdio: "inherit" });
  mkdirSync(path.join(dir, ".vercel"));
  const project = { projectId: "prj_local", orgId: "team_local", settings: { framework: "nextjs", nodeVersion: "24.x" } };
  writeFileSync(path.join(dir, ".vercel", "project.json"), JSON.stringify(project));
  execFileSync(process.env.VERCEL_CLI ?? pinnedCli(), ["build", "--yes"], { cwd: dir, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return dir;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every function folder that is not a symlink to another, with its size and what it should not carry. */
export function measureFunctions(projectDir) {
  const root = path.join(projectDir, ".vercel", "output", "functions");
  if (!existsSync(root)) throw new Error(`${root} is missing: run \`vercel build\` first, or pass --build`);
  const folders = [];
  (function walk(dir) {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.name.endsWith(".func")) {
        if (!lstatSync(p).isSymbolicLink()) folders.push(p);
      } else if (e.isDirectory()) walk(p);
    }
  })(root);
  return folders.map((folder) => {
    const config = JSON.parse(readFileSync(path.join(folder, ".vc-config.json"), "utf8"));
    const mapped = Object.values(config.filePathMap ?? {});
    const bytes = filesUnder(folder).reduce((n, f) => n + statSync(f).size, 0) + mapped.reduce((n, f) => n + statSync(path.resolve(projectDir, f)).size, 0);
    const carried = FORBIDDEN.map(({ what, test }) => ({ what, files: mapped.filter(test) })).filter((c) => c.files.length > 0);
    return { name: path.relative(root, folder), bytes, files: mapped.length, carried };
  });
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const projectDir = args.build ? buildClone(args.dir) : args.dir;
  const functions = measureFunctions(projectDir).sort((a, b) => b.bytes - a.bytes);
  if (functions.length === 0) throw new Error("no functions in the build output");
  for (const f of functions.slice(0, 8)) console.log(`${(f.bytes / MB).toFixed(2).padStart(7)} MB  ${f.files} files  ${f.name}`);
  const largest = functions[0];
  const problems = functions.flatMap((f) => f.carried.map((c) => `${f.name} carries ${c.files.length} ${c.what} file(s), e.g. ${c.files[0]}`));
  if (largest.bytes > args.maxMb * MB) problems.push(`the largest function, ${largest.name}, is ${(largest.bytes / MB).toFixed(2)} MB, over ${args.maxMb} MB`);
  console.log(`functions: ${functions.length}, largest ${(largest.bytes / MB).toFixed(2)} MB (${largest.name}), limit ${args.maxMb} MB`);
  for (const p of problems) console.error(p);
  process.exit(problems.length > 0 ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
