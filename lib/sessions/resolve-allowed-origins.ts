import { normalizeOrigin } from "../domains/normalize-origin";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";

/**
 * A publishable key's request must come from a page on the allowlist: its `Origin`,
 * compared exactly (scheme, host, port), else `403 origin_not_allowed`.
 */
export function assertOriginAllowed(allowlist: string[], origin: string | null): void {
  // An Origin header is scheme://host[:port] and nothing else; "null" and paths are refused.
  const normalised = origin && /^https?:\/\/[^/?#@\s]+$/i.test(origin) ? normalizeOrigin(origin) : null;
  if (!normalised || !allowlist.includes(normalised)) {
    throw new ApiError("origin_not_allowed", { message: "The request's Origin is not on the account's allowlist." });
  }
}

/**
 * The origins a session may be embedded in and report to. Each requested entry must
 * normalise to an origin (`400 invalid_request` with every bad entry) on the tenant's
 * allowlist (`403 origin_not_allowed`; with any key: the list is what the scanner posts
 * results to); absent means the whole allowlist.
 */
export function resolveAllowedOrigins(allowlist: string[], requested: string[] | undefined): string[] {
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
