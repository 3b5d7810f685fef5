/**
 * A receiver an integrator would make by pasting a guide's snippets into an empty project:
 * the files written to a fresh temporary folder, started as their own process (node or
 * python3) on a free port, its output kept for the test to read.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import os from "node:os";
import path from "node:path";

export interface ScratchReceiver {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Writes `files` into a scratch project (`package.json` with `"type": "module"`, as a fresh
 * `npm init` for ESM; `packages` linked from this repository's node_modules, as `npm install`
 * would put them), runs `command` there with PORT and the secret, and waits until the port answers.
 */
export async function startScratchReceiver(opts: {
  files: Record<string, string>;
  command: string[];
  secret: string;
  packages?: string[];
  port?: number;
}): Promise<ScratchReceiver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "docscan-snippet-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  for (const [name, text] of Object.entries(opts.files)) writeFileSync(path.join(dir, name), text);
  if (opts.packages?.length) {
    mkdirSync(path.join(dir, "node_modules"));
    for (const pkg of opts.packages) symlinkSync(path.resolve("node_modules", pkg), path.join(dir, "node_modules", pkg));
  }
  const port = opts.port ?? (await freePort());
  let out = "";
  const child: ChildProcess = spawn(opts.command[0], opts.command.slice(1), {
    cwd: dir,
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", PORT: String(port), DOCSCAN_WEBHOOK_SECRET: opts.secret },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill();
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 15_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`${opts.command.join(" ")} did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}/docscan-webhook`, output: () => out, stop };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * A fetch-style handler needs a host to run in (Next.js, Hono, Bun, Deno…); this is the
 * smallest one: node:http turned into a Request, the handler's Response written back.
 */
export const FETCH_HOST = `import { createServer } from "node:http";
import { POST } from "./route.js";

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const request = new Request("http://localhost" + req.url, { method: req.method, headers: req.headers, body: Buffer.concat(chunks) });
  const response = await POST(request);
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
}).listen(Number(process.env.PORT));
`;
