/**
 * What no deployed function may carry, in one list for next.config.ts (Next's own trace
 * excludes) and scripts/prune-traces.mjs (the traces those excludes do not reach).
 * Nothing a request can load lives in the test suite, the benchmarks, the docs or the
 * examples. The embedded database (PGlite, 20 MB with its extensions) stays out of every
 * build: a deployed function always runs on Postgres (lib/config.ts refuses a hosted start
 * without one), and `npm start` and `next start` load it from node_modules, never from a trace.
 * Nor does a function serve `public/`: the platform's CDN does (and `next start` reads it from
 * the folder), yet the trace of every route took all of it, 25 MB of OCR files included.
 */
export const TRACE_EXCLUDES = ["tests/**", "bench/**", "docs/**", "examples/**", "public/**", "node_modules/@electric-sql/pglite/**"];
