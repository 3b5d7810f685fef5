/**
 * The bench starts both servers of the bare-Next comparison with the same Node flags
 * (BENCH_NODE_FLAGS, bench/http/cases/sessions.ts); its figures rely on them reaching the server
 * process, between the node binary and the entry script, and on the server still serving.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startAppServer } from "@/scripts/app-server";

describe("startAppServer nodeFlags", () => {
  it("starts the server process with the flags, before its entry script", async () => {
    const flags = ["--no-memory-reducer", "--stack-trace-limit=7"];
    const app = await startAppServer({ output: "ignore", nodeFlags: flags, env: { LOG_LEVEL: "error", SCHEDULER_INTERVAL_SECONDS: "0" } });
    try {
      const argv = readFileSync(`/proc/${app.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      expect(argv.slice(1, 4)).toEqual([...flags, "scripts/server.mjs"]);
      expect((await fetch(`${app.baseUrl}/v1/health`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
