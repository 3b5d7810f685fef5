/**
 * Baseline for the session figures: a plain node:http server running the same lib verbs
 * (key authentication, createSession, getStatus) on the same kind of database and rate-limit
 * store as the app under test. The ratio app / baseline is then the cost of the Next
 * request pipeline and route plumbing, with the database work held equal.
 */
import { mkdtempSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { signup } from "../../../lib/accounts/signup";
import { loadConfig } from "../../../lib/config";
import { topUp } from "../../../lib/credits";
import { createKey } from "../../../lib/keys/create-key";
import { authenticateApiKey } from "../../../lib/keys/authenticate-key";
import { contextFor } from "../../../lib/context";
import { buildServices, type Services } from "../../../lib/services";
import { createSession, getStatus } from "../../../lib/sessions";
import type { BenchContext } from "../harness";

export interface SessionVerbsBaseline {
  url: string;
  secretKey: string;
  close(): Promise<void>;
}

export async function startSessionVerbsBaseline(ctx: BenchContext): Promise<SessionVerbsBaseline> {
  const config = loadConfig({
    ...process.env,
    ...ctx.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "docscan-bench-baseline-")),
    DATABASE_URL: ctx.databaseUrl ?? "",
    POSTGRES_URL: "",
    REDIS_URL: ctx.redisUrl ?? "",
    APP_SECRET: "bench-baseline-secret-0123456789abcdef0123",
    ALLOW_LOCAL_DEFAULTS: "true", // one process on this machine, like the app it is compared with
  });
  const services = await buildServices(config, { pgliteDir: "memory://" });
  const setup = contextFor(services);
  const account = await signup({ ctx: setup, input: { email: `baseline-${Date.now()}@example.com`, password: "bench password 123" }, clientAddress: null });
  // Every open session holds a credit, and a measurement opens thousands.
  for (let i = 0; i < 2; i++) await topUp({ ctx: setup, tenantId: account.tenant.id, input: { amount: 50000 } });
  const { secret } = await createKey({ ctx: setup, tenantId: account.tenant.id, input: { kind: "secret", mode: "test" } });
  const url = await ctx.startBaseline((req, res) => void handle(services, req, res));
  return { url, secretKey: secret, close: () => services.close() };
}

async function handle(services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? "/", "http://baseline");
    const status = /^\/v1\/sessions\/([^/]+)\/status$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/v1/sessions") return send(res, 201, await create(services, req));
    if (req.method === "GET" && status) {
      return send(res, 200, await getStatus({ ctx: contextFor(services), sessionId: status[1], token: url.searchParams.get("t") }));
    }
    send(res, 404, { error: "not_found" });
  } catch (err) {
    send(res, 500, { error: String(err) });
  }
}

async function create(services: Services, req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers({ authorization: req.headers.authorization ?? "" });
  const ctx = contextFor(services);
  const principal = await authenticateApiKey(new Request("http://baseline/v1/sessions", { headers }), ctx);
  return createSession({ ctx, principal, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"), origin: null });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}
