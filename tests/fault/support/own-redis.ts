/**
 * A Redis server of the test's own, on a free port, that the test may kill, freeze and
 * restart (the machine's shared Redis is never touched). Needs `redis-server` on the PATH
 * (Debian's redis-server; `.ci/run` installs it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { freePort } from "@/scripts/app-server";

export interface OwnRedis {
  url: string;
  kill(): Promise<void>;
  freeze(): void;
  thaw(): void;
  /** Starts it again on the same port (after `kill`). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await waitForPing(port);
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGKILL");
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
    start,
    async stop() {
      child?.kill("SIGCONT");
      await kill();
    },
  };
}

async function waitForPing(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1", () => s.write("PING\r\n"));
      s.once("data", (d) => {
        s.destroy();
        resolve(d.toString().startsWith("+PONG"));
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on ${port} did not answer PING`);
}
