import { readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { startAppServer, type AppServer, type AppServerOptions } from "@/scripts/app-server";
import { apiClient } from "./api";

type ApiClient = ReturnType<typeof apiClient>;

/**
 * One app server process for a test file (or a describe block): started before its tests,
 * stopped after them, quiet (output ignored, `LOG_LEVEL=error`, no scheduler) unless
 * `options` says otherwise. Its members work inside tests and hooks, once it has started.
 */
export function useAppServer(options: AppServerOptions = {}) {
  let app: AppServer | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    app = await startAppServer({ output: "ignore", ...options, env: { LOG_LEVEL: "error", SCHEDULER_INTERVAL_SECONDS: "0", ...options.env } });
    client = apiClient(app.baseUrl);
  });
  afterAll(() => app?.stop());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the app server has not started yet (use it inside a test or hook)");
    return value;
  };
  return {
    get baseUrl() {
      return started(app).baseUrl;
    },
    api: (...args: Parameters<ApiClient["api"]>) => started(client).api(...args),
    account: () => started(client).account(),
    /** The server process's resident memory, in MB. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${started(app).pid}/status`, "utf8"))![1]) / 1024,
  };
}
