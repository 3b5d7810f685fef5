import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "@/scripts/app-server";
// @ts-expect-error: plain ESM helper shared with `npm start`
import { buildIfStale } from "@/scripts/build-if-stale.mjs";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Starts `scripts/server.mjs` (the built app, rebuilt first if stale, as `npm start` runs it) with `env` over this
 * process's environment, and waits for it to exit, or gives up after `ms` (code null: it is
 * serving). For starts that must refuse. `wrap` is a command to run it under (`unshare ...`).
 */
export async function serverExit(env: Record<string, string>, ms = 60_000, wrap: string[] = []): Promise<{ code: number | null; stderr: string; tookMs: number }> {
  await buildIfStale({ quiet: true });
  const port = await freePort();
  const started = Date.now();
  const [command, ...args] = [...wrap, process.execPath, "scripts/server.mjs", String(port)];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PUBLIC_BASE_URL: `http://localhost:${port}`, SCHEDULER_INTERVAL_SECONDS: "0", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, ms);
    child.once("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, stderr, tookMs: Date.now() - started };
}
