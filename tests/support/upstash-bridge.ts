/**
 * A test-only stand-in for Upstash's REST API in front of a real Redis, so the Upstash
 * rate limiter runs its real client (`@upstash/redis`) against real Redis semantics.
 *
 * Implements the subset that client uses: `POST /` with one command as a JSON array and
 * `POST /pipeline` with an array of them (the client auto-pipelines by default), bearer
 * token auth, and `Upstash-Encoding: base64` replies (strings base64-encoded except "OK").
 * Command errors answer 400 `{error}` alone and `{error}` per entry in a pipeline, as
 * Upstash does. Transactions (`/multi-exec`) and path-style commands are not needed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { createClient } from "redis";

type Reply = { result: unknown } | { error: string };

export interface UpstashBridge {
  url: string;
  token: string;
  close(): Promise<void>;
}

export async function startUpstashBridge(redisUrl: string): Promise<UpstashBridge> {
  const redis = createClient({ url: redisUrl });
  redis.on("error", () => undefined);
  await redis.connect();
  const token = randomBytes(16).toString("hex");

  const run = async (command: unknown, base64: boolean): Promise<Reply> => {
    if (!Array.isArray(command) || command.length === 0) return { error: "ERR command must be a non-empty JSON array" };
    try {
      const result = await redis.sendCommand(command.map(String));
      return { result: base64 ? encode(result) : result };
    } catch (err) {
      return { error: (err as Error).message };
    }
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: Error) => send(res, 500, { error: err.message }));
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: "Unauthorized" });
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const body: unknown = JSON.parse(await readBody(req));
    const route = new URL(req.url ?? "/", "http://bridge").pathname;
    if (route === "/") {
      const reply = await run(body, base64);
      return send(res, "error" in reply ? 400 : 200, reply);
    }
    if (route === "/pipeline" && Array.isArray(body)) {
      return send(res, 200, await Promise.all(body.map((command) => run(command, base64))));
    }
    send(res, 404, { error: `ERR the test bridge does not implement ${route}` });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.close();
    },
  };
}

/** Upstash's base64 reply encoding: every string (also inside arrays) except a bare "OK". */
function encode(value: unknown, top = true): unknown {
  if (typeof value === "string") return top && value === "OK" ? value : Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map((v) => encode(v, false));
  return value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
