import { now } from "../clock";
import { withDeadline } from "../dependencies";
import { errorFields, log } from "../log";
import { services } from "../services";
import { readFrameOrigins } from "../sessions/read-frame-origins";

/**
 * How long `/scan` waits for its session's origins. Past it the page is sent framable by
 * our own origin only: a database that does not answer in a second fails the page's first
 * API call (the scanner config) anyway, and the page then shows its error top-level.
 */
export const FRAME_ORIGINS_DEADLINE_MS = 1000;

/** An origin as a CSP host-source can spell it (what `normalizeOrigin` stored; IPv6 hosts cannot be). */
const SOURCE = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;

/**
 * Headers for the hosted scanner page, from its query: framable by our own origin (the
 * console's preview) and by the origins of the session that `?t=` names. A hand-off code
 * (`?c=`, the phone's top-level page), no token, a forged one or an unknown session: our own
 * origin only. `X-Frame-Options` cannot name a list, so it is not sent; CSP decides. The
 * answer differs per token, so no cache may keep it (the URL holds a bearer token, too).
 */
export async function scanPageHeaders(query: URLSearchParams): Promise<Record<string, string>> {
  const token = query.get("t");
  const origins = token ? await sessionOrigins(token) : [];
  return {
    "content-security-policy": `frame-ancestors ${["'self'", ...origins.filter((o) => SOURCE.test(o))].join(" ")}`,
    "cache-control": "private, no-store",
  };
}

let degraded = false;

async function sessionOrigins(token: string): Promise<string[]> {
  try {
    const read = services().then(({ config, db }) => readFrameOrigins({ ctx: { config, db, now: now() }, token }));
    const origins = await withDeadline(read, FRAME_ORIGINS_DEADLINE_MS, "database");
    if (degraded) log("info", "scanner page reads its session's origins again");
    degraded = false;
    return origins;
  } catch (err) {
    // Logged once per outage: every page view would repeat it.
    if (!degraded) log("warn", "scanner page framable by its own origin only: the session's origins could not be read", errorFields(err));
    degraded = true;
    return [];
  }
}
