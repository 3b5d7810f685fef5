/**
 * Runs before every service test file: points the configuration at the backends under test.
 * Embedded by default (PGlite in memory, in-process rate limit, local disk); with
 * TEST_DATABASE_URL / TEST_REDIS_URL set, real Postgres and Redis.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import "./held-logs";

/**
 * Passwords hash at bcrypt cost 4 here, not production's 10 (64 times fewer rounds): the
 * factories sign up accounts in most API files, and the login throttle's test alone spent 80 s
 * of a loaded CI run in bcrypt. What the code asks for is kept in `globalThis.bcryptCostsAsked`;
 * tests/unit/password.test.ts holds it to production's cost. The hashes compared against are
 * kept in `globalThis.bcryptCompared` (a login's work, tests/api/auth.test.ts).
 */
vi.mock("bcryptjs", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof import("bcryptjs").default }).default;
  const seen = globalThis as { bcryptCostsAsked?: number[]; bcryptCompared?: string[] };
  const asked: number[] = (seen.bcryptCostsAsked = []);
  // Every hash a password was compared against: a login's work, counted instead of timed.
  const compared: string[] = (seen.bcryptCompared = []);
  const hash = (text: string, cost: number | string) => {
    asked.push(Number(cost));
    return real.hash(text, 4);
  };
  const compare = ((text: string, against: string, ...rest: unknown[]) => {
    compared.push(against);
    return (real.compare as (...args: unknown[]) => unknown)(text, against, ...rest);
  }) as typeof real.compare;
  return { default: { ...real, hash, compare } };
});

const env = process.env;
env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "docscan-test-"));
env.APP_SECRET ??= "test-app-secret-0123456789abcdef0123456789";
env.LOG_LEVEL ??= "error";
env.SCHEDULER_INTERVAL_SECONDS = "0";
// The concurrency tests race 30 requests on a pool of 10 on a 2-core machine: with the
// production 2 s wait for a connection, a loaded run could answer one of them 503. The
// timeouts have tests of their own, which set them explicitly.
env.DB_CONNECT_TIMEOUT_MS ??= "15000";
env.DB_QUERY_TIMEOUT_MS ??= "20000";
env.PUBLIC_BASE_URL ??= "http://localhost:3000";
delete env.DATABASE_URL;
delete env.POSTGRES_URL;
delete env.REDIS_URL;
if (env.TEST_DATABASE_URL) env.DATABASE_URL = env.TEST_DATABASE_URL;
// One test process with local storage (and, without TEST_REDIS_URL, an in-process limit) is
// what the suite means to test on Postgres; the hosted start's refusal has tests of its own.
env.ALLOW_LOCAL_DEFAULTS ??= "true";
if (env.TEST_REDIS_URL) env.REDIS_URL = env.TEST_REDIS_URL;
