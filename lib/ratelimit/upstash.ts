import { Redis } from "@upstash/redis";
import { INCR_WITH_EXPIRY_SCRIPT, resultFor, windowFor } from "./fixed-window";
import type { SharedRateLimiter } from "./types";

/**
 * Fixed-window counters in Upstash (or Vercel KV) over its REST API, for platforms without
 * TCP sockets. Each hit is one HTTP request running the counter script (EVALSHA, with one
 * EVAL fallback the first time the script is unknown to the server). The client's own
 * retries are off: the caller's deadline and `withLocalFallback` decide what a slow or
 * failing store means.
 */
export function createUpstashRateLimiter(options: { url: string; token: string }): SharedRateLimiter {
  const redis = new Redis({ url: options.url, token: options.token, enableTelemetry: false, retry: false });
  const script = redis.createScript<number>(INCR_WITH_EXPIRY_SCRIPT);

  return {
    kind: "upstash",
    async hit(key, { limit, windowMs, nowMs }) {
      const { windowStart, counterKey } = windowFor(key, windowMs, nowMs);
      const count = Number(await script.exec([counterKey], [String(windowMs)]));
      return resultFor(count, limit, windowStart, windowMs);
    },
    async ping() {
      await redis.ping();
    },
  };
}
