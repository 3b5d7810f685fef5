import { withDeadline } from "../dependencies";
import { errorFields, log } from "../log";
import type { RateLimiter, SharedRateLimiter } from "./types";

/**
 * The shared store with this process's memory behind it. A hit that the shared store
 * refuses, or does not answer within `timeoutMs`, is counted in memory instead, so a Redis
 * outage costs accuracy (each instance limits on its own, up to the same limit) rather than
 * availability: the decision in README, "Failure behaviour". The switch is
 * logged once each way; every hit tries the shared store first, so recovery needs no restart.
 */
export function withLocalFallback(shared: SharedRateLimiter, local: RateLimiter, timeoutMs: number): RateLimiter {
  let degraded = false;
  return {
    kind: shared.kind,
    async hit(key, options) {
      try {
        const result = await withDeadline(shared.hit(key, options), timeoutMs, "rate_limit");
        if (degraded) log("info", "rate-limit store answers again; counting there", { store: shared.kind });
        degraded = false;
        return result;
      } catch (err) {
        if (!degraded) log("warn", "rate-limit store unavailable; counting in this process until it answers", { store: shared.kind, ...errorFields(err) });
        degraded = true;
        return local.hit(key, options);
      }
    },
    ping: () => withDeadline(shared.ping(), timeoutMs, "rate_limit"),
    close: async () => shared.close?.(),
  };
}
