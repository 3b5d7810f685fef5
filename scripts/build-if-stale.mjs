/**
 * Builds the Next app when `.next` is missing or older than any source file. A lock
 * directory serialises concurrent callers (parallel test runs, `npm start` twice).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { publishOcrAssets } from "./ocr-assets.mjs";

// Next would otherwise rewrite package-lock.json during builds to add other platforms' SWC
// binaries; the lockfile is ours to change, through npm.
process.env.NEXT_IGNORE_INCORRECT_LOCKFILE ??= "1";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const nextBin = path.join(root, "node_modules", ".bin", "next");
const SOURCES = ["app", "lib", "scanner", "console", "public", "next.config.ts", "proxy.ts", "package-lock.json", "tsconfig.json", "instrumentation.ts", "instrumentation-node.ts"];
const LOCK = path.join(root, ".next-build.lock");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  return builtAt < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
}

async function withLock(fn) {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock older than the longest build is left over from a killed run.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 15 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Runs `next build` if needed; throws when the build fails. */
export async function buildIfStale({ quiet = false } = {}) {
  await withLock(async () => {
    // Served from public/ at run time, so present even when the build is fresh.
    publishOcrAssets(root);
    if (!isStale()) return;
    if (!quiet) console.log("Building the app (missing or older than the sources)…");
    const result = spawnSync(nextBin, ["build"], { cwd: root, stdio: quiet ? "pipe" : "inherit", encoding: "utf8" });
    if (result.status !== 0) throw new Error(`next build failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ""}`);
  });
}
