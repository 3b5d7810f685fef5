import { NextResponse, type NextRequest } from "next/server";
import { v1PathGuard } from "./lib/http/path-guard.mjs";
import { newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "./lib/http/page-security";

/**
 * Runs before routing, on two kinds of path:
 * - `/v1/…`: paths Next cannot route (bad percent-encoding, dot segments) get the API's
 *   JSON errors (on Vercel, where the server entry scripts/server.mjs does not run);
 * - `/` and `/console/…`: a per-request CSP nonce and anti-framing headers.
 * The two upload endpoints are left out: Next buffers the body of every request a
 * proxy sees (to let it read the body), which would undo their streaming and their
 * check of the token before the body is read. Their exact paths need no guard.
 */
export function proxy(request: NextRequest) {
  if (/^\/v1(\/|$)/.test(request.nextUrl.pathname)) return v1PathGuard(request) ?? undefined;
  const csp = pageContentSecurityPolicy(newNonce(), process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(pageSecurityHeaders(csp))) response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/", "/console", "/console/:path*", "/v1", "/v1/((?!scanner/upload$|scanner/blob$).*)"] };
