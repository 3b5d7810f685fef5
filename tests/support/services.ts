/**
 * Builds the services under test from the same configuration code as the app: PGlite in
 * memory, in-process rate limit and local disk by default; real Postgres and Redis when
 * the setup put TEST_DATABASE_URL / TEST_REDIS_URL into the environment.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig, setConfigForTests, type Config } from "@/lib/config";
import { buildServices, setServicesForTests, type Services } from "@/lib/services";

let current: Services | undefined;

/** The migrated database every file starts from (tests/support/global-setup.ts); none on real Postgres. */
function pgliteImage(): Blob | undefined {
  const file = inject("pgliteImageFile");
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** Installs fresh services for this test file (with optional env overrides). */
export function useServices(env: Record<string, string> = {}): { get: () => Services } {
  beforeAll(async () => {
    const config: Config = loadConfig({ ...process.env, ...env });
    setConfigForTests(config);
    current = await buildServices(config, { pgliteDir: "memory://", pgliteImage: pgliteImage() });
    setServicesForTests(current);
  });
  afterAll(async () => {
    setServicesForTests(undefined);
    setConfigForTests(undefined);
    await current?.close();
    current = undefined;
  });
  return {
    get: () => {
      if (!current) throw new Error("services are not built yet (use inside a test or hook)");
      return current;
    },
  };
}
