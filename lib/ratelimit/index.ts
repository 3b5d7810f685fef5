import type { Config } from "../config";
import { withLocalFallback } from "./fallback";
import { createMemoryRateLimiter } from "./memory";
import { createRedisRateLimiter } from "./redis";
import { createUpstashRateLimiter } from "./upstash";
import type { RateLimiter } from "./types";

export type * from "./types";

/**
 * The configured rate-limit store: TCP Redis when `REDIS_URL` is set, else Upstash REST when
 * `UPSTASH_REDIS_REST_URL`/`KV_REST_API_URL` is set, each backed by this process's memory
 * while it is unreachable; else this process's memory alone.
 */
export function createRateLimiter(config: Config): RateLimiter {
  const shared = config.redisUrl ? createRedisRateLimiter(config.redisUrl) : config.upstash ? createUpstashRateLimiter(config.upstash) : null;
  return shared ? withLocalFallback(shared, createMemoryRateLimiter(), config.timeouts.rateLimitMs) : createMemoryRateLimiter();
}
