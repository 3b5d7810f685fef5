import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native or WASM packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "bcryptjs", "redis", "s3rver"],
  poweredByHeader: false,
  // Lint and type checks run as their own CI steps, not inside every build.
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
  // Every function may start an instance, and a starting instance migrates (lib/db/migrations.ts).
  outputFileTracingIncludes: { "/**": ["./drizzle/**/*"] },
  // On Vercel the database is always Postgres (lib/config.ts refuses a start without one), so
  // the embedded one (16.7 MB, loaded only when embedded: lib/db/client.ts) stays out of every function.
  outputFileTracingExcludes: process.env.VERCEL ? { "/**": ["node_modules/@electric-sql/pglite/**"] } : {},
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
