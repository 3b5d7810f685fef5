import { normalizeOrigin } from "../domains/normalize-origin";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";

/**
 * The origins a session may be embedded in and report to. Each requested entry must
 * normalise to an origin on the tenant's allowlist (with any key: the list is what the
 * scanner posts results to); absent means the whole allowlist. With a publishable key the
 * request's own `Origin` must be on the allowlist too, compared exactly (scheme, host, port).
 */
export function resolveAllowedOrigins(
  allowlist: string[],
  requested: string[] | undefined,
  publishableOrigin: string | null | undefined,
): string[] {
  if (publishableOrigin !== undefined) {
    // An Origin header is scheme://host[:port] and nothing else; "null" and paths are refused.
    const origin = publishableOrigin && /^https?:\/\/[^/?#@\s]+$/i.test(publishableOrigin) ? normalizeOrigin(publishableOrigin) : null;
    if (!origin || !allowlist.includes(origin)) {
      throw new ApiError("origin_not_allowed", { message: "The request's Origin is not on the account's allowlist." });
    }
  }
  if (requested === undefined) return [...allowlist];
  const fields: FieldErrors = {};
  const normalised = requested.map((entry, i) => {
    const origin = normalizeOrigin(entry);
    if (!origin) fields[`allowed_origins.${i}`] = "must be an http(s) origin";
    return origin;
  });
  if (Object.keys(fields).length > 0) throw invalidRequest(fields);
  const outside = normalised.filter((o): o is string => o !== null && !allowlist.includes(o));
  if (outside.length > 0) {
    throw new ApiError("origin_not_allowed", { message: `allowed_origins names an origin that is not on the allowlist: ${outside[0]}` });
  }
  return [...new Set(normalised as string[])];
}
