import { inject } from "vitest";

/** The running app's base URL (started by tests/e2e/global-setup.ts). */
export function baseUrl(): string {
  return inject("baseUrl");
}

/** The operator secret the e2e server was started with, for calling the cron endpoint. */
export function cronSecret(): string {
  return inject("cronSecret");
}
