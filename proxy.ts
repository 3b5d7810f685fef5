import { NextResponse, type NextRequest } from "next/server";
import { v1PathGuard } from "./lib/http/path-guard.mjs";
import { newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "./lib/http/page-security";

/**
 * Runs before routing, on three kinds of path:
 * - `/v1` and `/v1/…` paths holding a `%`: bad percent-encoding gets the API's JSON error
 *   (on Vercel, where the server entry scripts/server.mjs does not run); Next resolves dot
 *   segments before this runs. No other API request comes here: a proxy costs every request
 *   it sees about a tenth of a session creation's CPU, and Next buffers the body of each
 *   one (which would undo the uploads' streaming and their token-first check);
 * - `/`, `/console/…`, `/demo` and `/docs`: a per-request CSP nonce and anti-framing headers
 *   (the demo is signed in with the console's cookie, so it must not be framed either);
 * - `/scan`: `frame-ancestors` from the session its `?t=` names (lib/http/scan-framing.ts),
 *   loaded on the first `/scan` so the other paths never load the database code here.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (/^\/v1(\/|$)/.test(pathname)) return v1PathGuard(request) ?? undefined;
  if (pathname === "/scan") return scanPage(request);
  const csp = pageContentSecurityPolicy(newNonce(), process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(pageSecurityHeaders(csp))) response.headers.set(name, value);
  return response;
}

async function scanPage(request: NextRequest) {
  const { scanPageHeaders } = await import("./lib/http/scan-framing");
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(await scanPageHeaders(request.nextUrl.searchParams))) response.headers.set(name, value);
  return response;
}

/**
 * One matcher for `/`, `/console`, `/console/…`, `/demo`, `/docs`, `/scan` (not its assets
 * under `/scan/…`), `/v1` and `/v1/…` with a `%`: Next builds a RegExp from every matcher
 * for every request, twice (the raw and the decoded path), and each was a few µs of every
 * API call, which this proxy then skips.
 */
export const config = { matcher: ["/:path(console(?:/.*)?|demo|docs|scan|v1(?:/.*%.*)?)?"] };
