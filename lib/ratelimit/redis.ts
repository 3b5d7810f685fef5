import { createClient, defineScript } from "redis";
import { log } from "../log";
import { INCR_WITH_EXPIRY_SCRIPT, resultFor, windowFor } from "./fixed-window";
import type { SharedRateLimiter } from "./types";

const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/** EVALSHA of the counter script; the client falls back to EVAL once after a NOSCRIPT. */
const incrWithExpiry = defineScript({
  SCRIPT: INCR_WITH_EXPIRY_SCRIPT,
  NUMBER_OF_KEYS: 1,
  parseCommand(parser, key: string, ttlMs: number) {
    parser.pushKey(key);
    parser.push(String(ttlMs));
  },
  transformReply: (reply: unknown) => Number(reply),
});

/**
 * Fixed-window counters in a TCP Redis (`REDIS_URL`), shared by every instance. The
 * connection is made, and remade after any loss, in the background with capped backoff, so
 * a Redis that is down at start or later never stops the service from starting or serving:
 * while it is down, hits reject at once (no offline queue) and `withLocalFallback` counts
 * them in memory. A frozen Redis is bounded by the caller's deadline.
 */
export function createRedisRateLimiter(url: string): SharedRateLimiter {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    scripts: { incrWithExpiry },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  // Without a listener node-redis rethrows socket errors as uncaught exceptions.
  client.on("error", (err: Error) => log("debug", "redis rate limiter connection error", { error: err.message }));
  // Hits wait for the first connection attempt to end either way, so a fresh instance counts
  // in Redis from its first request, and one started while Redis is down falls back at once.
  const firstAttempt = new Promise<void>((resolve) => {
    client.once("ready", resolve);
    client.once("error", () => resolve());
  });
  client.connect().catch((err: Error) => log("warn", "redis rate limiter could not connect", { error: err.message }));

  return {
    kind: "redis",
    async hit(key, { limit, windowMs, nowMs }) {
      await firstAttempt;
      const { windowStart, counterKey } = windowFor(key, windowMs, nowMs);
      const count = await client.incrWithExpiry(counterKey, windowMs);
      return resultFor(count, limit, windowStart, windowMs);
    },
    async ping() {
      await firstAttempt;
      await client.ping();
    },
    async close() {
      // A client still trying to connect has nothing to flush.
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    },
  };
}
