import type { Config } from "../config";
import { createMemoryRateLimiter } from "./memory";
import { createRedisRateLimiter } from "./redis";
import { createUpstashRateLimiter } from "./upstash";
import type { RateLimiter } from "./types";

export type * from "./types";

/**
 * The configured rate-limit store: TCP Redis when `REDIS_URL` is set, else Upstash REST when
 * `UPSTASH_REDIS_REST_URL`/`KV_REST_API_URL` is set, else this process's memory.
 */
export async function createRateLimiter(config: Config): Promise<RateLimiter> {
  if (config.redisUrl) return createRedisRateLimiter(config.redisUrl);
  if (config.upstash) return createUpstashRateLimiter(config.upstash);
  return createMemoryRateLimiter();
}
