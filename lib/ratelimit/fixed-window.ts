import type { RateLimitResult } from "./types";

/**
 * The counter script every shared store runs: INCR and, on the window's first hit, PEXPIRE,
 * atomically and in one round trip. KEYS[1] is the window key, ARGV[1] its lifetime in ms.
 */
export const INCR_WITH_EXPIRY_SCRIPT =
  "local c = redis.call('INCR', KEYS[1]); if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end; return c";

/** The window containing `nowMs` and the storage key of its counter (`rl:<key>:<windowStart>`). */
export function windowFor(key: string, windowMs: number, nowMs: number): { windowStart: number; counterKey: string } {
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  return { windowStart, counterKey: `rl:${key}:${windowStart}` };
}

/** Turns a window's count (this hit included) into the limiter's answer. */
export function resultFor(count: number, limit: number, windowStart: number, windowMs: number): RateLimitResult {
  return { allowed: count <= limit, count, remaining: Math.max(0, limit - count), resetAt: windowStart + windowMs };
}
