/**
 * Starts the built app (scripts/server.mjs, as `npm start` does) on a free port with a fresh DATA_DIR, for the e2e
 * suite and the benchmarks. Real Postgres/Redis when `databaseUrl`/`redisUrl` are given.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: plain ESM helper shared with `npm start`
import { buildIfStale, nextBin, root } from "./build-if-stale.mjs";

/** Where the app and its `next` binary live, for tools that start another Next app (bench/http/baselines/bare-next.ts). */
export { nextBin, root };
import { migrateDatabase } from "../lib/db";

export interface AppServerOptions {
  databaseUrl?: string;
  redisUrl?: string;
  /** The embedded store's directory; a fresh temporary one when absent. */
  dataDir?: string;
  /** Extra environment (CRON_SECRET, LOG_LEVEL, ...). */
  env?: Record<string, string>;
  /** "capture" keeps stdout and stderr for `logs()` (tests that inspect what was logged). */
  output?: "inherit" | "ignore" | "capture";
  /**
   * "server" (default): scripts/server.mjs, as `npm start` runs; "next": bare `next start`, as
   * Vercel runs the app, without the server entry's own checks in front of Next.
   */
  entry?: "server" | "next";
  /** A command the server runs under, e.g. valgrind (bench/http/instructions.ts): `[...wrap, node, entry]`. */
  wrap?: string[];
  /** Node and V8 flags the server starts with: `[node, ...nodeFlags, entry]` (the bench's BENCH_NODE_FLAGS). */
  nodeFlags?: string[];
  /** What "ready" means (default: /v1/health answers 200); the bench's cold start waits for a session. */
  ready?: (baseUrl: string) => Promise<boolean>;
}

export interface AppServer {
  baseUrl: string;
  /** The server process, for tests that measure or signal it. */
  pid: number;
  /** performance.now() when the process was spawned, and when it first answered `ready`. */
  spawnedAt: number;
  readyAt: number;
  stop(): Promise<void>;
  /** Everything the server wrote so far, with `output: "capture"`. */
  logs(): string;
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  await buildIfStale({ quiet: true });
  if (options.databaseUrl) await migrateDatabase(options.databaseUrl);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // A directory made here is removed at stop (a bench writes gigabytes of uploads into it).
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "docscan-app-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    POSTGRES_URL: "",
    REDIS_URL: options.redisUrl ?? "",
    APP_SECRET: options.databaseUrl ? "app-server-secret-0123456789abcdef0123456789" : "",
    // One instance on this machine: local storage (and Redis only when given) is what's meant.
    ALLOW_LOCAL_DEFAULTS: options.databaseUrl ? "true" : "",
    ...options.env,
  };
  const output = options.output ?? "inherit";
  const stdio = output === "capture" ? "pipe" : output;
  const spawnedAt = performance.now();
  const args = options.entry === "next" ? [nextBin, "start", "-p", String(port)] : ["scripts/server.mjs", String(port)];
  const [command, ...commandArgs] = [...(options.wrap ?? []), process.execPath, ...(options.nodeFlags ?? []), ...args];
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ["ignore", stdio, stdio] });
  let captured = "";
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => (captured += chunk.toString("utf8")));
  await waitUntilReady(baseUrl, child, options.ready ?? healthy);
  const stop = async () => {
    await stopChild(child);
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, pid: child.pid!, spawnedAt, readyAt: performance.now(), stop, logs: () => captured };
}

const healthy = async (baseUrl: string) => (await fetch(`${baseUrl}/v1/health`)).ok;

// Polled every 25 ms: a refused connection costs nothing, and the bench times the start with it.
async function waitUntilReady(baseUrl: string, child: ChildProcess, ready: (baseUrl: string) => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      if (await ready(baseUrl)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await stopChild(child);
  throw new Error(`the app was not ready at ${baseUrl} within 60 s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  // A child killed by a signal (a fault test's SIGKILL) has a signalCode and no exitCode.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
