/** Fixed-window counters per key, shared by every instance when Redis is configured. */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in this window, this one included. */
  count: number;
  remaining: number;
  /** Epoch ms when the current window ends. */
  resetAt: number;
}

export interface RateLimiter {
  readonly kind: "memory" | "redis" | "upstash";
  /** Counts one hit on `key` in the window containing `nowMs`; INCR and expiry in one round trip. */
  hit(key: string, options: { limit: number; windowMs: number; nowMs: number }): Promise<RateLimitResult>;
  /** Resolves when the store answers (readiness); the in-process store always does. */
  ping(): Promise<void>;
  close?(): Promise<void>;
}

/** A store outside the process (Redis, Upstash); it can be down or slow. */
export interface SharedRateLimiter extends RateLimiter {
  readonly kind: "redis" | "upstash";
}
