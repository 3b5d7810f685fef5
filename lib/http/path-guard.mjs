/* global Response, crypto */
// Plain ESM with no imports: loaded by the Node server entry (scripts/server.mjs) before
// Next, and by proxy.ts. Types in path-guard.d.mts.

/**
 * Header the server entry sets on every request to the TCP peer's address, replacing any
 * value a client sent. Next itself only fills `X-Forwarded-For` when the client sent none,
 * so without this the peer's address is lost whenever a client sends that header.
 */
export const PEER_ADDRESS_HEADER = "x-docscan-peer-address";

// Process-wide, not module-wide: Next loads its own copies of this module.
const PEER_HEADER_SET = Symbol.for("docscan.peerAddressHeaderSet");

/**
 * Declares that this process's server entry writes `PEER_ADDRESS_HEADER` on every request,
 * over whatever a client sent. Until it is called (`next start`, a standalone or custom
 * server), the header is a client's word and is ignored.
 */
export function setsPeerAddressHeader() {
  globalThis[PEER_HEADER_SET] = true;
}

/** Whether the server entry declared it sets `PEER_ADDRESS_HEADER` (see `setsPeerAddressHeader`). */
export function peerAddressHeaderIsSet() {
  return globalThis[PEER_HEADER_SET] === true;
}

/**
 * The `/v1/` answer for a request path Next cannot route: malformed percent-encoding
 * (`%ZZ`, a cut-off `%E0%A4`) is `400 invalid_request`; a `.` or `..` segment (also as
 * `%2e`), and `/v1` itself, are `404 not_found`. Left alone, Next answers these with its
 * HTML error page. Null for every other path, which goes on to its route.
 *
 * @param {string} rawPath the path (and query) exactly as sent, or a full URL
 * @returns {{ status: number, body: string } | null}
 */
export function v1PathProblem(rawPath) {
  const path = rawPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0] || "/";
  if (!/^\/v1(\/|$)/.test(path)) return null;
  // Every request passes here: a path with no `%` and no `.` has nothing to decode or resolve.
  if (!/[%.]/.test(path)) return /^\/v1\/?$/.test(path) ? problem(404, NO_SUCH_ENDPOINT) : null;
  let segments;
  try {
    segments = path.split("/").map((s) => decodeURIComponent(s));
  } catch {
    return problem(400, {
      error: "invalid_request",
      message: "The request path is not valid percent-encoding.",
      fields: { path: "must be valid percent-encoding (UTF-8)" },
    });
  }
  if (segments.some((s) => s === "." || s === "..") || /^\/v1\/?$/.test(path)) return problem(404, NO_SUCH_ENDPOINT);
  return null;
}

/**
 * `v1PathProblem` as a fetch `Response` (proxy.ts), with the headers every API answer carries.
 *
 * @param {Request} req
 * @returns {Response | null}
 */
export function v1PathGuard(req) {
  const found = v1PathProblem(req.url);
  return found ? new Response(found.body, { status: found.status, headers: problemHeaders() }) : null;
}

/** @returns {Record<string, string>} */
export function problemHeaders() {
  return { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-request-id": crypto.randomUUID() };
}

const NO_SUCH_ENDPOINT = { error: "not_found", message: "No such endpoint." };

function problem(status, body) {
  return { status, body: JSON.stringify(body) };
}
