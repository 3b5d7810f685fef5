#!/usr/bin/env node
/**
 * First-load JavaScript per app page, gzipped, from a finished `next build`: every chunk
 * the page and its layouts list in .next/app-build-manifest.json, plus the root layout's,
 * each counted once (Next's "First Load JS" counts the same). Prints a Markdown table.
 * Usage: node scripts/page-js-size.mjs [prefix]   (e.g. /console; default: every page)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./build-if-stale.mjs";

const prefix = process.argv[2] ?? "/";
const next = path.join(root, ".next");
const pages = JSON.parse(readFileSync(path.join(next, "app-build-manifest.json"), "utf8")).pages;
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(next, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** A page's layouts: `/layout`, then one per segment above the page (route groups included). */
function layoutsOf(page) {
  const segments = page.split("/").slice(1, -1);
  return Array.from({ length: segments.length + 1 }, (_, i) => `${["", ...segments.slice(0, i)].join("/")}/layout`);
}

const rows = [];
for (const page of Object.keys(pages).filter((p) => p.endsWith("/page"))) {
  const route = page.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";
  if (!route.startsWith(prefix)) continue;
  const files = new Set([...pages[page], ...layoutsOf(page).flatMap((l) => pages[l] ?? [])].filter((f) => f.endsWith(".js")));
  const bytes = [...files].reduce((n, f) => n + sizeOf(f), 0);
  rows.push([route, bytes]);
}
console.log("| page | first-load JS, gzipped |\n|---|---:|");
for (const [route, bytes] of rows.sort()) console.log(`| \`${route}\` | ${(bytes / 1024).toFixed(1)} KB |`);
