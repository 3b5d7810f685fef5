/**
 * Redis faults against a real server process and a Redis of the test's
 * own (killed, restarted, frozen; the machine's Redis is never touched). The decided
 * behaviour (docs/failures.md): while Redis is unreachable or frozen, the rate
 * limit counts in the process's memory, so session creation keeps answering 201 (and the
 * limit still applies); `/v1/ready` stays 200 but reports `rate_limit: "down"`; when Redis is
 * back it is used again, with no restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/scripts/app-server";
import { apiClient } from "./support/api";
import { withoutTool } from "../support/tools";
import { startOwnRedis, type OwnRedis } from "./support/own-redis";

let app: AppServer;
let redis: OwnRedis;
let client: ReturnType<typeof apiClient>;

const create = (key: string) => client.api("POST", "/v1/sessions", {}, { authorization: `Bearer ${key}` });
const readyChecks = async () => (await client.api("GET", "/v1/ready")).body.checks as Record<string, string>;

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

// Its own Redis servers need redis-server (scripts/test-tools.mjs).
describe.skipIf(withoutTool("redis-server"))("Redis outages", () => {
  beforeAll(async () => {
    redis = await startOwnRedis();
    app = await startAppServer({ redisUrl: redis.url, output: "ignore", env: { RATE_LIMIT_TIMEOUT_MS: "300", RATE_LIMIT_MAX: "4", SCHEDULER_INTERVAL_SECONDS: "0", LOG_LEVEL: "error" } });
    client = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  it("scenario 6: Redis killed: sessions still open (limit kept in memory), ready reports it; restarted, Redis is used again", async () => {
    const a = await client.account();
    expect((await create(a.secretKey)).status).toBe(201);
    await redis.kill();
    const during = [];
    for (let i = 0; i < 4; i++) during.push((await create(a.secretKey)).status);
    // In memory this window starts over: four more are allowed, the fifth is limited.
    expect(during).toEqual([201, 201, 201, 201]);
    expect((await create(a.secretKey)).status).toBe(429);
    const ready = await client.api("GET", "/v1/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.checks.rate_limit).toBe("down");
    await redis.start();
    expect(await eventually(async () => (await readyChecks()).rate_limit === "ok")).toBe(true);
    const b = await client.account();
    expect((await create(b.secretKey)).status).toBe(201);
  });

  it("scenario 7: Redis frozen: requests do not hang (each waits at most the timeout) and succeed; thawed, it recovers", async () => {
    const a = await client.account();
    redis.freeze();
    try {
      const results = await Promise.all([create(a.secretKey), create(a.secretKey)]);
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      expect((await readyChecks()).rate_limit).toBe("down");
    } finally {
      redis.thaw();
    }
    expect(await eventually(async () => (await readyChecks()).rate_limit === "ok")).toBe(true);
    expect((await create(a.secretKey)).status).toBe(201);
  });
});
