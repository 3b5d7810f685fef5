import { createClient, defineScript } from "redis";
import { log } from "../log";
import { INCR_WITH_EXPIRY_SCRIPT, resultFor, windowFor } from "./fixed-window";
import type { RateLimiter } from "./types";

const CONNECT_TIMEOUT_MS = 5_000;
const INITIAL_CONNECT_ATTEMPTS = 3;

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
 * Fixed-window counters in a TCP Redis (`REDIS_URL`), shared by every instance. Connects
 * once; a Redis that cannot be reached fails the start with an error instead of hanging,
 * and while a live connection is down hits fail fast rather than queue.
 */
export async function createRedisRateLimiter(url: string): Promise<RateLimiter> {
  let ready = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    scripts: { incrWithExpiry },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) => (ready ? Math.min(50 * 2 ** retries, 2_000) : retries < INITIAL_CONNECT_ATTEMPTS ? 100 : cause),
    },
  });
  // Without a listener node-redis rethrows socket errors as uncaught exceptions.
  client.on("error", (err: Error) => log("warn", "redis rate limiter connection error", { error: err.message }));
  client.on("ready", () => (ready = true));
  await client.connect();

  return {
    kind: "redis",
    async hit(key, { limit, windowMs, nowMs }) {
      const { windowStart, counterKey } = windowFor(key, windowMs, nowMs);
      const count = await client.incrWithExpiry(counterKey, windowMs);
      return resultFor(count, limit, windowStart, windowMs);
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
