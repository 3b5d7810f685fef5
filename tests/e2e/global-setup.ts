/**
 * Builds the app when stale, starts `next start` on a free port with a fresh DATA_DIR
 * (embedded defaults, or real Postgres/Redis when TEST_DATABASE_URL/TEST_REDIS_URL are set)
 * and provides its base URL to the e2e tests.
 */
import type { TestProject } from "vitest/node";
import { startAppServer } from "../../scripts/app-server";
import { chromiumPath } from "./support/chromium";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    cronSecret: string;
  }
}

const E2E_CRON_SECRET = "e2e-cron-secret-0123456789";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumPath()) throw new Error("The e2e suite needs Chromium: apt-get install -y chromium (or set CHROMIUM_PATH).");
  const server = await startAppServer({
    databaseUrl: process.env.TEST_DATABASE_URL,
    redisUrl: process.env.TEST_REDIS_URL,
    env: {
      CRON_SECRET: E2E_CRON_SECRET,
      SCHEDULER_INTERVAL_SECONDS: "1",
      WEBHOOK_RETRY_BASE_SECONDS: "0",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // The suite's HTTP client stands in for one proxy: it appends each tenant's own
      // address to X-Forwarded-For (tests/e2e/support/api.ts), which the server then trusts.
      TRUSTED_PROXY_HOPS: "1",
      // The console's webhook tests deliver to a receiver on 127.0.0.1; with a database URL
      // (hosted mode) loopback is refused unless allowed. The SSRF refusal itself is tested
      // in tests/api/webhook-deliveries.test.ts.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // Every interface, not the embedded default's loopback: the scanner's fallback test opens
      // it by this machine's LAN address, over plain http.
      HOST: "0.0.0.0",
    },
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("cronSecret", E2E_CRON_SECRET);
  return () => server.stop();
}
