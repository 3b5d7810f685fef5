import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageContentSecurityPolicy, pageSecurityHeaders } from "./lib/http/page-security";

/** The console and the landing page get a per-request CSP nonce and anti-framing headers. */
export function middleware(request: NextRequest) {
  const csp = pageContentSecurityPolicy(newNonce(), process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(pageSecurityHeaders(csp))) response.headers.set(name, value);
  return response;
}

export const config = { matcher: ["/", "/console", "/console/:path*"] };
