#!/usr/bin/env node
/**
 * `node scripts/trace-sizes.mjs`: after `next build`, the files each route handler's function
 * would ship with (Next's own output trace, `.next/server/app/**\/route.js.nft.json`, which is
 * what Vercel packages), summed per route, largest first, plus the share node_modules take.
 * Build with `VERCEL=1` to see what a Vercel deployment carries.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const appDir = path.resolve(".next/server/app");
const traces = [];
(function walk(dir) {
  for (const f of readdirSync(dir)) {
    const full = path.join(dir, f);
    if (statSync(full).isDirectory()) walk(full);
    else if (f === "route.js.nft.json") traces.push(full);
  }
})(appDir);

const sizeOf = (file) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};
const rows = traces.map((trace) => {
  const dir = path.dirname(trace);
  const files = JSON.parse(readFileSync(trace, "utf8")).files.map((f) => path.resolve(dir, f));
  const total = files.reduce((n, f) => n + sizeOf(f), sizeOf(trace.replace(/\.nft\.json$/, "")));
  const pglite = files.filter((f) => f.includes(`${path.sep}@electric-sql${path.sep}pglite${path.sep}`)).reduce((n, f) => n + sizeOf(f), 0);
  return { route: "/" + path.relative(appDir, dir), mb: total / 1e6, pgliteMb: pglite / 1e6 };
});
rows.sort((a, b) => b.mb - a.mb);
for (const r of rows) console.log(`${r.mb.toFixed(1).padStart(6)} MB  (PGlite ${r.pgliteMb.toFixed(1)} MB)  ${r.route}`);
