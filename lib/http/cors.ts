import { route, type RouteHandler } from "./route";

/**
 * CORS for the endpoints an integrator's page calls from the browser: `POST /v1/sessions`
 * with a publishable key and the launcher's status poll. Neither uses cookies (the key or
 * the token in the request is the whole credential), so echoing the caller's Origin grants
 * nothing a non-browser client lacks; the allowlist itself is enforced by createSession.
 * Error answers carry the headers too, so the page can read `error`.
 */
export function withCors(handler: RouteHandler): RouteHandler {
  return async (req, context) => {
    const res = await handler(req, context);
    const origin = req.headers.get("origin");
    if (origin) {
      res.headers.set("Access-Control-Allow-Origin", origin);
      res.headers.append("Vary", "Origin");
      res.headers.set("Access-Control-Expose-Headers", "Retry-After, X-Request-Id");
    }
    return res;
  };
}

/** The preflight answer (`OPTIONS`) for a CORS endpoint: the method, Authorization and JSON. */
export function corsPreflight(method: "GET" | "POST"): RouteHandler {
  // Through route(): the preflight gets a request id and a log line like every answer.
  return route({}, async ({ req }) => {
    const origin = req.headers.get("origin");
    const headers: Record<string, string> = { Allow: `${method}, OPTIONS`, "Cache-Control": "no-store" };
    if (origin) {
      Object.assign(headers, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": method,
        "Access-Control-Allow-Headers": "authorization, content-type",
        "Access-Control-Max-Age": "600",
        Vary: "Origin",
      });
    }
    return new Response(null, { status: 204, headers });
  });
}

/**
 * `Referrer-Policy: no-referrer` on every answer of an endpoint whose URL carries a token
 * (status, QR, config), errors included, so no response can leak its own URL onward.
 */
export function withNoReferrer(handler: RouteHandler): RouteHandler {
  return async (req, context) => {
    const res = await handler(req, context);
    res.headers.set("Referrer-Policy", "no-referrer");
    return res;
  };
}
