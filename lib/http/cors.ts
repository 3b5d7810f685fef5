import type { Endpoint } from "../openapi/endpoint";
import { wrap, type RouteHandler } from "./route";

/**
 * The preflight answer (`OPTIONS`) for a CORS endpoint (`cors: true`): its method,
 * Authorization and JSON, and `Idempotency-Key` where the endpoint honours one (a page
 * opening a session with a publishable key may retry safely, as a server does).
 */
export function corsPreflight({ method, idempotent }: Endpoint): RouteHandler {
  const allowHeaders = idempotent ? "authorization, content-type, idempotency-key" : "authorization, content-type";
  // Through wrap(): the preflight gets a request id and a log line like every answer.
  return wrap({}, async ({ req }) => {
    const origin = req.headers.get("origin");
    const headers: Record<string, string> = { Allow: `${method}, OPTIONS`, "Cache-Control": "no-store" };
    if (origin) {
      Object.assign(headers, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": method,
        "Access-Control-Allow-Headers": allowHeaders,
        "Access-Control-Max-Age": "600",
        Vary: "Origin",
      });
    }
    return new Response(null, { status: 204, headers });
  });
}
