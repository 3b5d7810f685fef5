/**
 * What a caller sees when a dependency is down or hangs (docs/failures.md):
 * a JSON `503 service_unavailable` with `Retry-After`, never a 500 and never a hang; the
 * readiness probe names the dependency; a Redis outage is absorbed by the in-memory
 * fallback. The database faults here are real `pg` pools pointed at a port nothing listens
 * on, and at a listener that accepts and never answers, so the driver's own errors are
 * what gets classified. (Freezing a live database mid-query: tests/fault.)
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "@/lib/db";
import { DependencyUnavailable } from "@/lib/dependencies";
import { callJson } from "../support/app";
import { signup, type SignedUp } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, ledgerForSession, pdfBytes, uploadJson } from "../support/sessions";

// REDIS_URL names a port nothing listens on: every rate-limit hit falls back to memory.
const svc = useServices({ REDIS_URL: "redis://127.0.0.1:1", DB_CONNECT_TIMEOUT_MS: "300", DB_QUERY_TIMEOUT_MS: "300", RATE_LIMIT_MAX: "3" });

let account: SignedUp;
let blackHole: Server;
const held: Socket[] = [];
let blackHolePort = 0;
const pools: DbHandle[] = [];

beforeAll(async () => {
  account = await signup();
  blackHole = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
  blackHolePort = (blackHole.address() as { port: number }).port;
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((resolve) => blackHole.close(resolve));
  await Promise.all(pools.map((p) => p.close().catch(() => undefined)));
});

/** Runs `fn` with the service's database swapped for a pool at `port`, then puts the real one back. */
async function withDatabaseAt<T>(port: number, fn: () => Promise<T>): Promise<T> {
  const broken = await createDb({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, pgliteDir: "unused", timeouts: { connectMs: 300, queryMs: 300 } });
  pools.push(broken);
  const services = svc.get();
  const real = services.db;
  services.db = broken.db;
  try {
    return await fn();
  } finally {
    services.db = real;
  }
}

function expect503(res: { status: number; body: Record<string, unknown>; headers: Headers }, dependency: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body).toEqual({ error: "service_unavailable", message: expect.stringContaining(dependency) });
  expect(res.headers.get("retry-after")).toBe("5");
}

describe("database down or hanging", () => {
  it.each([
    ["refused (nothing listens)", () => 1],
    ["hanging (accepts, never answers)", () => blackHolePort],
  ])("%s: login, a session read and a key-authenticated create answer 503 with Retry-After", async (_name, port) => {
    await withDatabaseAt(port(), async () => {
      expect503(await callJson("POST", "/v1/auth/login", { json: { email: account.user.email, password: "correct horse battery" } }), "database");
      expect503(await callJson("GET", "/v1/dashboard/sessions", { cookie: account.cookie }), "database");
      expect503(await callJson("POST", "/v1/sessions", { bearer: account.secretKey, json: {} }), "database");
    });
  });

  it("recovers without a restart: the next request after the outage succeeds", async () => {
    await withDatabaseAt(1, async () => expect503(await callJson("GET", "/v1/auth/me", { cookie: account.cookie }), "database"));
    expect((await callJson("GET", "/v1/auth/me", { cookie: account.cookie })).status).toBe(200);
  });

  it("health stays 200 (liveness); ready answers 503 naming the database", async () => {
    await withDatabaseAt(blackHolePort, async () => {
      expect((await callJson("GET", "/v1/health")).status).toBe(200);
      const ready = await callJson("GET", "/v1/ready");
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ error: "service_unavailable", checks: { database: "down", storage: "ok" } });
      expect(ready.headers.get("retry-after")).toBe("5");
    });
  });
});

describe("storage down", () => {
  it("a one-step upload answers 503; the token is not spent and a retry after recovery completes with one debit", async () => {
    const session = await createSessionWith(account.secretKey);
    const storage = svc.get().storage;
    const realPut = storage.put;
    storage.put = () => Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    try {
      expect503(await uploadJson(session.client_token, pdfBytes(512)), "storage");
    } finally {
      storage.put = realPut;
    }
    const retry = await uploadJson(session.client_token, pdfBytes(512));
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const read = await callJson("GET", `/v1/sessions/${session.id}`, { bearer: account.secretKey });
    expect(read.body.status).toMatch(/^(completed|delivered)$/);
    expect((await ledgerForSession(svc.get().db, session.id)).map((e) => e.delta)).toEqual([-1]);
  });

  it("ready answers 503 naming storage when it cannot write", async () => {
    const storage = svc.get().storage;
    const realPing = storage.ping;
    storage.ping = () => Promise.reject(new DependencyUnavailable("storage", "unreachable"));
    try {
      const ready = await callJson("GET", "/v1/ready");
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toEqual({ database: "ok", rate_limit: "down", storage: "down" });
    } finally {
      storage.ping = realPing;
    }
  });
});

describe("rate-limit store down (REDIS_URL unreachable): the decided fallback", () => {
  it("session creation still answers 201, and the limit still applies per process", async () => {
    const other = await signup();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await callJson("POST", "/v1/sessions", { bearer: other.secretKey, json: {} })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("ready stays 200 and reports the rate-limit store as down", async () => {
    const ready = await callJson("GET", "/v1/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok", rate_limit: "down", storage: "ok" } });
  });
});
