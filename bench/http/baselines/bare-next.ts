/**
 * Baseline for the hot paths: bench/http/bare-next, route handlers in a throwaway Next
 * app of the same Next, pg, redis and zod versions, doing the same work as ours for the
 * bench's requests (the same statements, Redis script, body checks and token) written straight
 * into the handler, on the same Postgres and Redis. App ÷ bare Next is then what our own code
 * costs on top of the framework's request handling, which both pay.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, nextBin, root } from "../../../scripts/app-server";

const APP_DIR = path.join(root, "bench", "http", "bare-next");

export interface BareNext {
  url: string;
  pid: number;
  /** performance.now() at spawn and when `ready` first held (see startAppServer). */
  spawnedAt: number;
  readyAt: number;
  close(): Promise<void>;
}

export interface BareNextOptions {
  /** false when this run built it already */
  build?: boolean;
  /** A command the server runs under, e.g. valgrind (bench/http/instructions.ts). */
  wrap?: string[];
  /** Node and V8 flags the server starts with (see startAppServer). */
  nodeFlags?: string[];
  /** Default: the status handler answers (a 401: no token), so the handlers are loaded. */
  ready?: (url: string) => Promise<boolean>;
}

const handlersLoaded = async (url: string) => (await fetch(`${url}/v1/sessions/x/status`)).status === 401;

/** Builds bench/http/bare-next (every run: it is small) and starts it with `next start`. */
export async function startBareNext(databaseUrl: string, redisUrl: string, options: BareNextOptions = {}): Promise<BareNext> {
  if (options.build !== false) {
    const build = spawnSync(nextBin, ["build", APP_DIR], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) throw new Error(`next build bench/http/bare-next exited with ${build.status}`);
  }
  const port = await freePort();
  // Its uploads go here, removed at close (a bench run writes gigabytes).
  const uploadDir = mkdtempSync(path.join(tmpdir(), "bare-next-"));
  const spawnedAt = performance.now();
  const [command, ...args] = [...(options.wrap ?? []), process.execPath, ...(options.nodeFlags ?? []), nextBin, "start", APP_DIR, "-p", String(port)];
  const child = spawn(command, args, {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, BARE_UPLOAD_DIR: uploadDir },
  });
  const url = `http://localhost:${port}`;
  const ready = options.ready ?? handlersLoaded;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if (await ready(url)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("bench/http/bare-next did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    pid: child.pid!,
    spawnedAt,
    readyAt: performance.now(),
    close: async () => {
      await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
