#!/usr/bin/env node
/**
 * First-load JavaScript per app page, gzipped, from a finished Turbopack `next build` (Next
 * 16's default; a `--webpack` build lists no `entryJSFiles` and is refused): the root main
 * files every app page loads (`rootMainFiles` in .next/build-manifest.json: React, Next's
 * client runtime, Turbopack's runtime) plus every chunk the page and its layouts list as
 * `entryJSFiles` in the page's .next/server/app/…/page_client-reference-manifest.js, each
 * file counted once. The polyfill file is left out: only browsers without ES modules load
 * it (`nomodule`). Prints a Markdown table.
 * Usage: node scripts/page-js-size.mjs [prefix]   (e.g. /console; default: every page)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { root } from "./build-if-stale.mjs";

const prefix = process.argv[2] ?? "/";
const next = path.join(root, ".next");
const appServer = path.join(next, "server", "app");
const rootMainFiles = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")).rootMainFiles;
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(next, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** Every page's client reference manifest, by page (`/console/(app)/keys/page`). */
function manifests(dir = appServer, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) manifests(full, found);
    else if (entry.name === "page_client-reference-manifest.js") found.push(full);
  }
  return found;
}

/** The manifest file assigns `globalThis.__RSC_MANIFEST[page] = {…}`. */
function entryJSFiles(file) {
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const [[page, manifest]] = Object.entries(sandbox.__RSC_MANIFEST);
  if (!manifest.entryJSFiles) throw new Error(`${file} lists no entryJSFiles: not a Turbopack build (next build --webpack?)`);
  return { page, entries: manifest.entryJSFiles };
}

/** A page's layouts: `/layout`, then one per segment above the page (route groups included). */
function layoutsOf(page) {
  const segments = page.split("/").slice(1, -1);
  return Array.from({ length: segments.length + 1 }, (_, i) => `${["", ...segments.slice(0, i)].join("/")}/layout`);
}

/** Entry keys name the module: `[project]/app/console/(app)/keys/page` → `/console/(app)/keys/page`. */
const appPathOf = (key) => (key.startsWith("[project]/app/") ? key.slice("[project]/app".length) : null);

if (!existsSync(appServer)) throw new Error("no .next/server/app: run `next build` first");
const rows = [];
for (const file of manifests()) {
  const { page, entries } = entryJSFiles(file);
  const route = page.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";
  if (!route.startsWith(prefix)) continue;
  const wanted = new Set([page, ...layoutsOf(page)]);
  const chunks = Object.entries(entries).flatMap(([key, files]) => (wanted.has(appPathOf(key)) ? files : []));
  const files = new Set([...rootMainFiles, ...chunks].filter((f) => f.endsWith(".js")));
  const bytes = [...files].reduce((n, f) => n + sizeOf(f), 0);
  rows.push([route, bytes]);
}
console.log("| page | first-load JS, gzipped |\n|---|---:|");
for (const [route, bytes] of rows.sort()) console.log(`| \`${route}\` | ${(bytes / 1024).toFixed(1)} KB |`);
