import { v1PathGuard } from "./lib/http/path-guard.mjs";

/**
 * Runs before routing. Today it only answers `/v1/` paths Next cannot route (bad
 * percent-encoding, dot segments) with the API's JSON errors — on Vercel, where the server
 * entry (scripts/server.mjs, which checks the raw path) does not run. Other checks (for
 * example console headers) go beside it as `v1PathGuard(req) ?? other(req)`.
 */
export function middleware(req: Request): Response | undefined {
  return v1PathGuard(req) ?? undefined;
}

// Node runtime: the instrumentation hook (database, scheduler) must not be bundled for edge.
export const config = { runtime: "nodejs", matcher: ["/v1", "/v1/:path*"] };
