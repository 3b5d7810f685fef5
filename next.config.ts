import type { NextConfig } from "next";

const NON_RUNTIME = ["tests/**", "bench/**", "docs/**", "examples/**"];

const nextConfig: NextConfig = {
  // Native or WASM packages load from node_modules at run time instead of being bundled. zod and
  // @upstash/redis too: Turbopack writes the server chunk that holds them once per route group
  // (vercel/next.js#89192), and every copy a process loaded was another 544 KB of source in its
  // heap; from node_modules they load once (issue 14: heap after a status load 51.9 -> 47.6 MB).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "bcryptjs", "redis", "s3rver", "zod", "@upstash/redis"],
  poweredByHeader: false,
  // A route's code loads on its first request instead of all 54 routes and pages at start (Next's
  // default for `next start`; Vercel loads per function either way): a process serving only the API
  // never loads the console's pages, and its first answer does not wait behind loading them
  // (issue 14: spawn to first POST /v1/sessions 1.57x -> 1.15-1.30x bare Next's; ~9 MB less RSS).
  experimental: { preloadEntriesOnStart: false },
  // Type checks run as their own CI step, not inside every build (Next 16 no longer lints
  // during builds at all; `npm run lint` is the lint step).
  typescript: { ignoreBuildErrors: true },
  // Every function may start an instance, and a starting instance migrates (lib/db/migrations.ts).
  // The OCR asset route reads package files by a path tracing cannot follow (lib/scanner-assets).
  outputFileTracingIncludes: {
    "/**": ["./drizzle/**/*"],
    "/scan/ocr/[...asset]": ["./node_modules/tesseract.js/dist/*.min.js", "./node_modules/tesseract.js-core/*-lstm.wasm.js", "./node_modules/@tesseract.js-data/*/4.0.0_best_int/*"],
  },
  // Nothing a request can load lives in the test suite, the benchmarks, the docs or the
  // examples; without this, Next 16's tracing pulled test fixtures into every function.
  // On Vercel the database is always Postgres (lib/config.ts refuses a start without one), so
  // the embedded one (16.7 MB, loaded only when embedded: lib/db/client.ts) stays out of every function too.
  outputFileTracingExcludes: {
    "/**": [...NON_RUNTIME, ...(process.env.VERCEL ? ["node_modules/@electric-sql/pglite/**"] : [])],
  },
  async headers() {
    return [
      // The scanner page carries a client token in its URL: never leak it in a Referer.
      { source: "/scan", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/scan/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      // Integrators embed /launcher.js by URL; a short cache lets fixes reach them within minutes.
      { source: "/launcher.js", headers: [{ key: "Cache-Control", value: "public, max-age=300" }] },
    ];
  },
};

export default nextConfig;
