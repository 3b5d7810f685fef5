/**
 * Baseline for the hot paths (issue 14): bench/bare-next, route handlers in a throwaway Next
 * app of the same Next, pg and redis versions, doing only the minimal equivalent work on the
 * same Postgres and Redis. App ÷ bare Next is then what our own code costs on top of the
 * framework's request handling, which both pay.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { freePort, nextBin, root } from "../../scripts/app-server";

const APP_DIR = path.join(root, "bench", "bare-next");

export interface BareNext {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Builds bench/bare-next (every run: it is small) and starts it with `next start`. */
export async function startBareNext(databaseUrl: string, redisUrl: string): Promise<BareNext> {
  const build = spawnSync(nextBin, ["build", APP_DIR], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error(`next build bench/bare-next exited with ${build.status}`);
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", APP_DIR, "-p", String(port)], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      // Any JSON answer means the handlers are loaded (this one is a 401: no token).
      if ((await fetch(`${url}/v1/sessions/x/status`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("bench/bare-next did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    close: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")))),
  };
}
