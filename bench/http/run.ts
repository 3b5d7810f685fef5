/**
 * `npm run bench`: starts the built app on embedded defaults and, when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set, again on Postgres + Redis; runs every case against it beside a
 * baseline measured in the same run; prints one line per figure.
 * BENCH_DURATION_SECONDS (default 5) sets each measurement's length; BENCH_CASES=a,b filters.
 */
import { createClient } from "redis";
import { sha256Hex } from "../../lib/crypto";
import { startAppServer } from "../../scripts/app-server";
import { healthCase } from "./cases/health";
import { sessionsCase } from "./cases/sessions";
import { webhooksCase } from "./cases/webhooks";
import { formatComparison, measure, startHttpServer, type BenchCase, type BenchContext } from "./harness";
import { choicesSetting, positiveSetting } from "./settings";

const CASES: BenchCase[] = [healthCase, sessionsCase, webhooksCase];
/** Retries due at once and a local receiver allowed, so the cron case measures delivery, not waiting. */
const BENCH_ENV = {
  CRON_SECRET: "bench-cron-secret-0123456789",
  LOG_LEVEL: "error",
  SCHEDULER_INTERVAL_SECONDS: "0",
  RATE_LIMIT_MAX: "100000000",
  WEBHOOK_RETRY_BASE_SECONDS: "0",
  WEBHOOK_ALLOW_PRIVATE: "true",
};

const durationSec = positiveSetting("BENCH_DURATION_SECONDS", 5);
const CASE_NAMES = CASES.map((c) => c.name);
const only = choicesSetting("BENCH_CASES", CASE_NAMES, CASE_NAMES);
/** The passes to run (BENCH_BACKENDS=embedded,postgres+redis; default: every one this environment can). */
const BACKEND_NAMES = ["embedded", "postgres+redis"] as const;
const hasServices = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const chosenBackends = choicesSetting("BENCH_BACKENDS", BACKEND_NAMES, hasServices ? BACKEND_NAMES : ["embedded"]);
if (chosenBackends.includes("postgres+redis") && !hasServices) throw new Error("BENCH_BACKENDS=postgres+redis needs TEST_DATABASE_URL and TEST_REDIS_URL");
if (!hasServices) console.log("bench: set TEST_DATABASE_URL and TEST_REDIS_URL to also measure on Postgres + Redis");
const backends: { name: BenchContext["backend"]; databaseUrl?: string; redisUrl?: string }[] = chosenBackends.map((name) =>
  name === "embedded" ? { name } : { name, databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL },
);

/**
 * Each pass signs up several bench tenants from this machine's address, and the signup throttle
 * (10 per address per 15 minutes) lives in Redis across runs: a second run within 15 minutes
 * was refused with 429. The bench clears the counters of the loopback addresses it connects
 * from (keys hold the address's hash, lib/accounts/throttle.ts), and no one else's.
 */
const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

async function clearSignupThrottle(redisUrl: string): Promise<void> {
  const redis = await createClient({ url: redisUrl }).connect();
  try {
    for (const address of LOOPBACK) {
      for await (const keys of redis.scanIterator({ MATCH: `rl:auth:signup:ip:${sha256Hex(address)}:*`, COUNT: 1000 })) if (keys.length) await redis.del(keys);
    }
  } finally {
    await redis.quit();
  }
}

for (const backend of backends) {
  if (backend.redisUrl) await clearSignupThrottle(backend.redisUrl);
  const app = await startAppServer({ databaseUrl: backend.databaseUrl, redisUrl: backend.redisUrl, env: BENCH_ENV, output: "ignore" });
  const closers: (() => Promise<void>)[] = [];
  const ctx: BenchContext = {
    backend: backend.name,
    baseUrl: app.baseUrl,
    appPid: app.pid,
    databaseUrl: backend.databaseUrl,
    redisUrl: backend.redisUrl,
    env: BENCH_ENV,
    durationSec,
    measure: (options) => measure(durationSec, options),
    async startBaseline(handler) {
      const server = await startHttpServer(handler);
      closers.push(server.close);
      return server.url;
    },
  };
  try {
    for (const benchCase of CASES.filter((c) => only.includes(c.name))) {
      await measure(1, { url: `${app.baseUrl}/v1/health` }); // warm the server's code paths
      for (const comparison of await benchCase.run(ctx)) {
        for (const line of formatComparison(backend.name, comparison)) console.log(line);
      }
    }
  } finally {
    await Promise.all(closers.map((close) => close()));
    await app.stop();
  }
}
