import { Redis } from "@upstash/redis";
import { INCR_WITH_EXPIRY_SCRIPT, resultFor, windowFor } from "./fixed-window";
import type { RateLimiter } from "./types";

/**
 * Fixed-window counters in Upstash (or Vercel KV) over its REST API, for platforms without
 * TCP sockets. Each hit is one HTTP request running the counter script (EVALSHA, with one
 * EVAL fallback the first time the script is unknown to the server).
 */
export function createUpstashRateLimiter(options: { url: string; token: string }): RateLimiter {
  const redis = new Redis({ url: options.url, token: options.token, enableTelemetry: false });
  const script = redis.createScript<number>(INCR_WITH_EXPIRY_SCRIPT);

  return {
    kind: "upstash",
    async hit(key, { limit, windowMs, nowMs }) {
      const { windowStart, counterKey } = windowFor(key, windowMs, nowMs);
      const count = Number(await script.exec([counterKey], [String(windowMs)]));
      return resultFor(count, limit, windowStart, windowMs);
    },
  };
}
