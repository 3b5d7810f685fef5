/**
 * The decided Redis-outage behaviour (docs/failures.md): hits the shared store refuses or
 * does not answer in time are counted in this process's memory, with the same limit, and the
 * shared store takes over again as soon as it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs } from "../support/capture-logs";
import { loadConfig, setConfigForTests } from "@/lib/config";
import { withLocalFallback } from "@/lib/ratelimit/fallback";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory";
import type { RateLimitResult, SharedRateLimiter } from "@/lib/ratelimit/types";

const OPTIONS = { limit: 2, windowMs: 60_000, nowMs: 1_700_000_010_000 };
const TIMEOUT_MS = 50;
const logged = captureLogs();
beforeAll(() => setConfigForTests(loadConfig({ ...process.env, LOG_LEVEL: "info" })));
afterAll(() => setConfigForTests(undefined));

/** A shared store whose behaviour the test switches: answering, refusing, or never answering. */
function switchableStore() {
  let mode: "up" | "down" | "frozen" = "up";
  const answered: RateLimitResult = { allowed: true, count: 1, remaining: 1, resetAt: 0 };
  const store: SharedRateLimiter = {
    kind: "redis",
    hit: () => (mode === "up" ? Promise.resolve(answered) : mode === "down" ? Promise.reject(new Error("ECONNREFUSED")) : new Promise(() => {})),
    ping: () => (mode === "up" ? Promise.resolve() : Promise.reject(new Error("down"))),
  };
  return { store, answered, set: (next: typeof mode) => (mode = next) };
}

describe("withLocalFallback", () => {
  it("uses the shared store while it answers", async () => {
    const shared = switchableStore();
    const limiter = withLocalFallback(shared.store, createMemoryRateLimiter(), TIMEOUT_MS);
    expect(await limiter.hit("k", OPTIONS)).toBe(shared.answered);
    await expect(limiter.ping()).resolves.toBeUndefined();
  });

  it.each(["down", "frozen"] as const)("counts in memory, with the same limit, while the store is %s; logs the switch once", async (mode) => {
    const shared = switchableStore();
    const limiter = withLocalFallback(shared.store, createMemoryRateLimiter(), TIMEOUT_MS);
    shared.set(mode);
    const before = logged.length;
    const results = [await limiter.hit("k", OPTIONS), await limiter.hit("k", OPTIONS), await limiter.hit("k", OPTIONS)];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(logged.slice(before).filter((line) => line.includes("rate-limit store unavailable"))).toHaveLength(1);
    await expect(limiter.ping()).rejects.toThrow();
  });

  it("goes back to the shared store as soon as it answers, and says so", async () => {
    const shared = switchableStore();
    const limiter = withLocalFallback(shared.store, createMemoryRateLimiter(), TIMEOUT_MS);
    shared.set("down");
    await limiter.hit("k", OPTIONS);
    shared.set("up");
    expect(await limiter.hit("k", OPTIONS)).toBe(shared.answered);
    expect(logged.some((line) => line.includes("rate-limit store answers again"))).toBe(true);
  });
});
