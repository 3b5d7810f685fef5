import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "../../lib/ratelimit/memory";
import { createRedisRateLimiter } from "../../lib/ratelimit/redis";
import type { RateLimiter } from "../../lib/ratelimit/types";
import { createUpstashRateLimiter } from "../../lib/ratelimit/upstash";
import { startUpstashBridge, type UpstashBridge } from "../support/upstash-bridge";

const WINDOW = 60_000;
// Mid-window, away from any boundary; each test also uses its own random key.
const NOW = 1_700_000_010_000;
const WINDOW_START = Math.floor(NOW / WINDOW) * WINDOW;
const uniqueKey = (label: string) => `test:${label}:${randomBytes(6).toString("hex")}`;

/** The RateLimiter contract, run against every configured implementation. */
function describeRateLimiter(name: string, make: () => Promise<RateLimiter>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let limiter: RateLimiter;
    beforeAll(async () => {
      limiter = await make();
    });
    afterAll(() => limiter?.close?.());

    it("allows hits 1..limit, then denies", async () => {
      const key = uniqueKey("sequence");
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await limiter.hit(key, { limit: 3, windowMs: WINDOW, nowMs: NOW }));
      expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    });

    it("counts separate keys independently", async () => {
      const [a, b] = [uniqueKey("a"), uniqueKey("b")];
      await limiter.hit(a, { limit: 1, windowMs: WINDOW, nowMs: NOW });
      const second = await limiter.hit(a, { limit: 1, windowMs: WINDOW, nowMs: NOW });
      const other = await limiter.hit(b, { limit: 1, windowMs: WINDOW, nowMs: NOW });
      expect(second).toMatchObject({ allowed: false, count: 2 });
      expect(other).toMatchObject({ allowed: true, count: 1 });
    });

    it("starts a new count in the next window", async () => {
      const key = uniqueKey("window");
      await limiter.hit(key, { limit: 1, windowMs: WINDOW, nowMs: WINDOW_START + WINDOW - 1 });
      const denied = await limiter.hit(key, { limit: 1, windowMs: WINDOW, nowMs: WINDOW_START + WINDOW - 1 });
      const next = await limiter.hit(key, { limit: 1, windowMs: WINDOW, nowMs: WINDOW_START + WINDOW });
      expect(denied.allowed).toBe(false);
      expect(next).toMatchObject({ allowed: true, count: 1, resetAt: WINDOW_START + 2 * WINDOW });
    });

    it("reports resetAt as the end of the window containing nowMs", async () => {
      const result = await limiter.hit(uniqueKey("reset"), { limit: 10, windowMs: WINDOW, nowMs: NOW });
      expect(result).toEqual({ allowed: true, count: 1, remaining: 9, resetAt: WINDOW_START + WINDOW });
      const atStart = await limiter.hit(uniqueKey("reset"), { limit: 10, windowMs: 1_000, nowMs: 5_000 });
      expect(atStart.resetAt).toBe(6_000);
    });

    it("counts 200 parallel hits on one key exactly", async () => {
      const key = uniqueKey("parallel");
      const results = await Promise.all(
        Array.from({ length: 200 }, () => limiter.hit(key, { limit: 50, windowMs: WINDOW, nowMs: NOW })),
      );
      expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(results.filter((r) => r.allowed)).toHaveLength(50);
      expect(results.filter((r) => r.allowed).every((r) => r.count <= 50)).toBe(true);
    });
  });
}

describeRateLimiter("memory", async () => createMemoryRateLimiter());

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describeRateLimiter("redis (TCP)", async () => createRedisRateLimiter(redisUrl));

  let bridge: UpstashBridge;
  describeRateLimiter("upstash (REST bridge to Redis)", async () => {
    bridge = await startUpstashBridge(redisUrl);
    return createUpstashRateLimiter({ url: bridge.url, token: bridge.token });
  });
  afterAll(() => bridge?.close());

  describe("redis specifics", () => {
    it("fails fast once closed", async () => {
      const limiter = createRedisRateLimiter(redisUrl);
      await limiter.ping();
      await limiter.close?.();
      await expect(limiter.hit(uniqueKey("closed"), { limit: 1, windowMs: WINDOW, nowMs: NOW })).rejects.toThrow();
    });

    it("rejects a wrong Upstash token", async () => {
      const limiter = createUpstashRateLimiter({ url: bridge.url, token: "wrong" });
      await expect(limiter.hit(uniqueKey("auth"), { limit: 1, windowMs: WINDOW, nowMs: NOW })).rejects.toThrow(/Unauthorized/);
    });
  });
}

describe("a Redis that is not there", () => {
  it("starts anyway, and its hits and pings reject instead of hanging (the fallback's cue)", async () => {
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${await closedPort()}`);
    await expect(limiter.hit(uniqueKey("down"), { limit: 1, windowMs: WINDOW, nowMs: NOW })).rejects.toThrow();
    await expect(limiter.ping()).rejects.toThrow();
    await limiter.close?.();
  });
});

/** A localhost port that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
