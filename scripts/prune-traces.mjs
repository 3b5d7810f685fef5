#!/usr/bin/env node
/**
 * Run after `next build` by `npm run vercel-build` (which Vercel's builder runs instead of
 * `build`): drops TRACE_EXCLUDES from every output trace under `.next`. Next applies
 * `outputFileTracingExcludes` to the routes' traces but not to the instrumentation's
 * (`.next/server/instrumentation.js.nft.json`), and the builder adds that one to every
 * function: it carried PGlite and two test fixtures into all of them (28.9 MB the largest).
 * scripts/function-sizes.mjs checks the result through the real builder.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TRACE_EXCLUDES } from "./trace-excludes.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** "dir/**" globs only: a file is excluded when its path from the root starts with the folder. */
const prefixes = TRACE_EXCLUDES.map((glob) => {
  if (!glob.endsWith("/**")) throw new Error(`prune-traces handles "folder/**" globs only, not ${glob}`);
  return glob.slice(0, -2);
});

function traces(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? traces(p) : e.name.endsWith(".nft.json") ? [p] : [];
  });
}

let dropped = 0;
for (const trace of traces(path.join(root, ".next"))) {
  const content = JSON.parse(readFileSync(trace, "utf8"));
  const kept = content.files.filter((f) => {
    const fromRoot = path.relative(root, path.resolve(path.dirname(trace), f)).split(path.sep).join("/");
    return !prefixes.some((prefix) => fromRoot.startsWith(prefix));
  });
  if (kept.length === content.files.length) continue;
  dropped += content.files.length - kept.length;
  writeFileSync(trace, JSON.stringify({ ...content, files: kept }));
}
console.log(`prune-traces: ${dropped} excluded file(s) dropped from .next's output traces`);
