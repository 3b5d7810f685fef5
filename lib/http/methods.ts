import { ApiError } from "../errors";
import { wrap, type RouteHandler } from "./route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Every HTTP method for one path: the given handlers, and a JSON `405` with an `Allow`
 * header for the rest (Next would otherwise answer an empty 405).
 * Use as `export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: route(...) })`.
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed = wrap({}, async () => {
    throw new ApiError("method_not_allowed", { headers: { Allow: allow } });
  });
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** Every method answers `404 not_found` (unknown paths under /v1). */
export function notFoundEverywhere(): Record<Method, RouteHandler> {
  const handler = wrap({}, async () => {
    throw new ApiError("not_found", { message: "No such endpoint." });
  });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}
