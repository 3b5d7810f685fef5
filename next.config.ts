import type { NextConfig } from "next";
// @ts-expect-error: plain ESM list shared with scripts/prune-traces.mjs
import { TRACE_EXCLUDES } from "./scripts/trace-excludes.mjs";

const nextConfig: NextConfig = {
  // Native or WASM packages load from node_modules at run time instead of being bundled. zod and
  // @upstash/redis too: Turbopack writes the server chunk that holds them once per route group
  // (vercel/next.js#89192), and every copy a process loaded was another 544 KB of source in its
  // heap; from node_modules they load once (the heap after a status load was 8 % smaller).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "bcryptjs", "redis", "s3rver", "zod", "@upstash/redis"],
  poweredByHeader: false,
  // A route's code loads on its first request instead of all 54 routes and pages at start (Next's
  // default for `next start`; Vercel loads per function either way): a process serving only the API
  // never loads the console's pages, and its first answer does not wait behind loading them
  // (spawn to the first session went from 1.57x to 1.15-1.30x bare Next's, with ~9 MB less RSS).
  experimental: { preloadEntriesOnStart: false },
  // Type checks run as their own CI step, not inside every build (Next 16 no longer lints
  // during builds at all; `npm run lint` is the lint step).
  typescript: { ignoreBuildErrors: true },
  // Every function may start an instance, and a starting instance migrates (lib/db/migrations.ts).
  // The guides under /docs/guides and the console's snippets are read from docs/guides/ (lib/guides).
  // The console's page pictures are made in a worker thread from a file of its own
  // (lib/files/page-pictures/worker.mjs, loaded by path, so no trace follows it): the file and the
  // pdf-lib it imports (its CommonJS build only, about 1.1 MB with its dependencies) ship with that route.
  outputFileTracingIncludes: {
    "/**": ["./drizzle/**/*", "./docs/guides/*.md"],
    "/v1/dashboard/sessions/[id]/pages/[page]": [
      "./lib/files/page-pictures/*.mjs",
      "./node_modules/pdf-lib/package.json",
      "./node_modules/pdf-lib/cjs/**/*.js",
      "./node_modules/pako/package.json",
      "./node_modules/pako/index.js",
      "./node_modules/pako/lib/**/*.js",
      "./node_modules/tslib/package.json",
      "./node_modules/tslib/tslib.js",
      "./node_modules/@pdf-lib/standard-fonts/package.json",
      "./node_modules/@pdf-lib/standard-fonts/lib/**/*.js",
      "./node_modules/@pdf-lib/upng/package.json",
      "./node_modules/@pdf-lib/upng/cjs/**/*.js",
    ],
  },
  // What a deployment ships is the output trace: Vercel's builder packs each function from it.
  // TRACE_EXCLUDES (scripts/trace-excludes.mjs) says what no function may carry and why; "**"
  // applies it to every route. The instrumentation's trace, which the builder adds to every
  // function, is not reached by this option: `npm run vercel-build` prunes it after the build.
  outputFileTracingExcludes: { "**": TRACE_EXCLUDES },
  async headers() {
    return [
      // The scanner page carries a client token in its URL: never leak it in a Referer.
      { source: "/scan", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/scan/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      // Integrators embed /launcher.js by URL; a short cache lets fixes reach them within minutes.
      { source: "/launcher.js", headers: [{ key: "Cache-Control", value: "public, max-age=300" }] },
      // Text recognition (scripts/ocr-assets.mjs): versioned URLs whose content never changes.
      {
        source: "/scan/ocr/:path*",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }, { key: "X-Content-Type-Options", value: "nosniff" }],
      },
    ];
  },
};

export default nextConfig;
