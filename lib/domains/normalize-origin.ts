const MAX_INPUT = 2048;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** host[:port] then optionally a path, query or fragment: what a scheme-less entry may look like. */
const BARE_HOST = /^[^/?#@\\\s]+(?:[/?#].*)?$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The origin an allowlist entry names (WHATWG URL parser): a bare host is taken as
 * https, the host is lower-cased and punycoded, a default port dropped and any other port
 * kept; path, query, fragment and userinfo are dropped. Null for anything that is not an
 * http(s) origin with a real host: wildcards, other schemes, empty or malformed hosts.
 */
export function normalizeOrigin(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > MAX_INPUT || trimmed.includes("*") || /\s/.test(trimmed)) return null;
  if (!HAS_SCHEME.test(trimmed) && !BARE_HOST.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return isValidHost(url.hostname) ? url.origin : null;
}

function isValidHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return hostname.endsWith("]"); // IPv6, already validated by the parser
  if (hostname.length === 0 || hostname.length > 253) return false;
  return hostname.split(".").every((label) => LABEL.test(label));
}
