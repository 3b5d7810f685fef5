/**
 * Runs before every service test file: points the configuration at the backends under test.
 * Embedded by default (PGlite in memory, in-process rate limit, local disk); with
 * TEST_DATABASE_URL / TEST_REDIS_URL set, real Postgres and Redis.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const env = process.env;
env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "docscan-test-"));
env.APP_SECRET ??= "test-app-secret-0123456789abcdef0123456789";
env.LOG_LEVEL ??= "error";
env.SCHEDULER_INTERVAL_SECONDS = "0";
env.PUBLIC_BASE_URL ??= "http://localhost:3000";
delete env.DATABASE_URL;
delete env.POSTGRES_URL;
delete env.REDIS_URL;
if (env.TEST_DATABASE_URL) env.DATABASE_URL = env.TEST_DATABASE_URL;
if (env.TEST_REDIS_URL) env.REDIS_URL = env.TEST_REDIS_URL;
