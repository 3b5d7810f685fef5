import { resultFor, windowFor } from "./fixed-window";
import type { RateLimiter } from "./types";

/**
 * The embedded default: fixed-window counters in this process only (one instance, no
 * sharing). Counters of ended windows are swept on the way, so the map stays bounded by
 * the keys active in current windows.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let nextSweep = 0;

  function sweep(nowMs: number): void {
    if (nowMs < nextSweep) return;
    nextSweep = Number.POSITIVE_INFINITY;
    for (const [key, counter] of counters) {
      if (counter.expiresAt <= nowMs) counters.delete(key);
      else nextSweep = Math.min(nextSweep, counter.expiresAt);
    }
  }

  return {
    kind: "memory",
    async hit(key, { limit, windowMs, nowMs }) {
      sweep(nowMs);
      const { windowStart, counterKey } = windowFor(key, windowMs, nowMs);
      const counter = counters.get(counterKey) ?? { count: 0, expiresAt: windowStart + windowMs };
      counter.count += 1;
      counters.set(counterKey, counter);
      nextSweep = Math.min(nextSweep, counter.expiresAt);
      return resultFor(counter.count, limit, windowStart, windowMs);
    },
    async ping() {},
  };
}
