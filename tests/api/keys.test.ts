import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { sha256Hex } from "@/lib/crypto";
import { apiKeys } from "@/lib/db/schema";
import { flushDeferred } from "@/lib/http";
import { authenticateApiKey } from "@/lib/keys/authenticate-key";
import type { KeyView } from "@/lib/keys/views";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, expectCrossOriginRefused, signup } from "../support/factories";
import { useServices } from "../support/services";
import { contextFor } from "@/lib/context";

const svc = useServices();
afterEach(() => resetClock());

const list = async (cookie: string) => (await callJson("GET", "/v1/dashboard/keys", { cookie })).body.keys as KeyView[];
const create = (cookie: string, json: unknown, headers?: Record<string, string>) => callJson("POST", "/v1/dashboard/keys", { cookie, json, headers });
const revoke = (cookie: string, id: string) => callJson("DELETE", `/v1/dashboard/keys/${encodeURIComponent(id)}`, { cookie });

/** Authenticates a bearer value the way every API-key route does. */
async function authenticate(value: string) {
  const req = new Request("http://localhost:3000/v1/sessions", { headers: { authorization: `Bearer ${value}` } });
  try {
    const principal = await authenticateApiKey(req, contextFor(svc.get()));
    await flushDeferred();
    return principal;
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe("happy", () => {
  it.each([
    ["publishable", "test", /^pk_test_[A-Za-z0-9_-]{40}$/],
    ["publishable", "live", /^pk_live_[A-Za-z0-9_-]{40}$/],
    ["secret", "test", /^sk_test_[A-Za-z0-9_-]{40}$/],
    ["secret", "live", /^sk_live_[A-Za-z0-9_-]{40}$/],
  ])("creates a %s %s key; the full value is in the create answer only", async (kind, mode, pattern) => {
    const a = await signup();
    const res = await create(a.cookie, { name: "Checkout", kind, mode });
    expect(res.status).toBe(201);
    const { key, secret } = res.body;
    expect(secret).toMatch(pattern);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      name: "Checkout",
      kind,
      mode,
      display: kind === "publishable" ? secret : `${secret.slice(0, 8)}••••••••${secret.slice(-4)}`,
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await list(a.cookie);
    expect(listed.find((k) => k.id === key.id)).toEqual(key);
    if (kind === "secret") expect(JSON.stringify(listed)).not.toContain(secret);
    const principal = await authenticate(secret);
    expect(principal).toMatchObject({ tenantId: a.tenant.id, keyKind: kind, mode });
  });

  it("lists signup's keys and created ones, newest first, and keeps revoked keys", async () => {
    const a = await signup();
    const keys = await list(a.cookie);
    expect(keys).toHaveLength(4);
    expect(keys.filter((k) => k.mode === "test").length).toBe(4);
    const times = keys.map((k) => k.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    await revoke(a.cookie, keys[0].id);
    const after = await list(a.cookie);
    expect(after).toHaveLength(4);
    expect(after.find((k) => k.id === keys[0].id)!.revoked_at).not.toBeNull();
  });

  it("name is optional (null) and may be 60 unicode characters", async () => {
    const a = await signup();
    expect((await create(a.cookie, { kind: "secret", mode: "live" })).body.key.name).toBeNull();
    const name = "🔑".repeat(60);
    expect((await create(a.cookie, { name, kind: "secret", mode: "live" })).body.key.name).toBe(name);
  });

  it("revoke is idempotent: the second revoke answers 200 with the original revoked_at", async () => {
    const a = await signup();
    const { key, secret } = (await create(a.cookie, { kind: "secret", mode: "test" })).body;
    const first = await revoke(a.cookie, key.id);
    expect(first.status).toBe(200);
    expect(first.body.key).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
    advanceClock(5000);
    const second = await revoke(a.cookie, key.id);
    expect(second.status).toBe(200);
    expect(second.body.key.revoked_at).toBe(first.body.key.revoked_at);
    expect(await authenticate(secret)).toBe("invalid_api_key");
  });

  it("concurrent revokes all answer the same revoked_at", async () => {
    const a = await signup();
    const { key } = (await create(a.cookie, { kind: "publishable", mode: "test" })).body;
    const results = await Promise.all(Array.from({ length: 10 }, () => revoke(a.cookie, key.id)));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body.key.revoked_at)).size).toBe(1);
  });

  it("last_used_at is updated at most once a minute", async () => {
    const a = await signup();
    const { key, secret } = (await create(a.cookie, { kind: "secret", mode: "test" })).body;
    await authenticate(secret);
    const first = (await list(a.cookie)).find((k) => k.id === key.id)!.last_used_at;
    expect(first).not.toBeNull();
    advanceClock(30_000);
    await authenticate(secret);
    expect((await list(a.cookie)).find((k) => k.id === key.id)!.last_used_at).toBe(first);
    advanceClock(31_000);
    await authenticate(secret);
    expect((await list(a.cookie)).find((k) => k.id === key.id)!.last_used_at).not.toBe(first);
  });
});

describe("errors", () => {
  it("reports every problem at once and creates nothing", async () => {
    const a = await signup();
    const res = await create(a.cookie, { name: "x".repeat(61), kind: "admin", mode: "prod", extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(["extra", "kind", "mode", "name"]);
    expect((await create(a.cookie, {})).body.fields).toEqual({ kind: "is required", mode: "is required" });
    expect(await list(a.cookie)).toHaveLength(4);
  });

  it.each([
    ["name as number", { name: 5, kind: "secret", mode: "test" }, "name"],
    ["name as array", { name: ["a"], kind: "secret", mode: "test" }, "name"],
    ["kind as object", { kind: { a: 1 }, mode: "test" }, "kind"],
    ["mode as array", { kind: "secret", mode: ["test"] }, "mode"],
    ["kind upper case", { kind: "SECRET", mode: "test" }, "kind"],
  ])("%s → 400 fields.%s", async (_l, json, field) => {
    const a = await signup();
    const res = await create(a.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty([field]);
    expect(await list(a.cookie)).toHaveLength(4);
  });

  it.each([
    ["array body", "[]"],
    ["malformed JSON", "{"],
    ["__proto__ key", '{"kind":"secret","mode":"test","__proto__":{"x":1}}'],
    ["constructor key", '{"kind":"secret","mode":"test","constructor":{}}'],
    ["1 MB name", JSON.stringify({ kind: "secret", mode: "test", name: "n".repeat(1024 * 1024) })],
  ])("%s → 400 invalid_request, nothing created", async (_l, body) => {
    const a = await signup();
    const res = await callJson("POST", "/v1/dashboard/keys", { cookie: a.cookie, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(await list(a.cookie)).toHaveLength(4);
  });

  it.each(["__proto__", "constructor"])("an unknown %s key is named in fields", async (key) => {
    const a = await signup();
    const body = `{"kind":"secret","mode":"test","${key}":{"x":1}}`;
    const res = await callJson("POST", "/v1/dashboard/keys", { cookie: a.cookie, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([key]);
  });

  it("revoking an unknown id is 404 not_found", async () => {
    const a = await signup();
    for (const id of ["key_doesnotexist", "x".repeat(300), "💥", "../keys"]) {
      const res = await revoke(a.cookie, id);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("not_found");
    }
  });

  it.each([
    ["GET", "/v1/dashboard/keys"],
    ["POST", "/v1/dashboard/keys"],
    ["DELETE", "/v1/dashboard/keys/key_x"],
  ])("%s %s without a valid cookie → 401 unauthorized", async (method, path) => {
    await expectConsoleAuthRequired(method, path, { kind: "secret", mode: "test" });
  });

  it.each([
    ["PUT", "/v1/dashboard/keys"],
    ["GET", "/v1/dashboard/keys/key_x"],
  ])("%s %s → 405", async (method, path) => {
    const a = await signup();
    expect((await callJson(method, path, { cookie: a.cookie })).status).toBe(405);
  });
});

describe("security", () => {
  it("another tenant's key is 404 not_found and stays active", async () => {
    const a = await signup();
    const b = await signup();
    const { key, secret } = (await create(a.cookie, { kind: "secret", mode: "live" })).body;
    const res = await revoke(b.cookie, key.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
    expect((await list(a.cookie)).find((k) => k.id === key.id)!.revoked_at).toBeNull();
    expect(await authenticate(secret)).toMatchObject({ tenantId: a.tenant.id });
    expect((await list(b.cookie)).map((k) => k.id)).not.toContain(key.id);
  });

  it("cross-origin create and revoke are refused and change nothing", async () => {
    const a = await signup();
    const keys = await list(a.cookie);
    await expectCrossOriginRefused("POST", "/v1/dashboard/keys", a.cookie, { kind: "secret", mode: "live" });
    await expectCrossOriginRefused("DELETE", `/v1/dashboard/keys/${keys[0].id}`, a.cookie);
    expect(await list(a.cookie)).toEqual(keys);
  });

  it("only a SHA-256 of a secret key is stored", async () => {
    const a = await signup();
    const { key, secret } = (await create(a.cookie, { kind: "secret", mode: "test" })).body;
    const [row] = await svc.get().db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.keyHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(8, 36));
  });

  it("values are unique and unpredictable", async () => {
    const a = await signup();
    const values = await Promise.all(Array.from({ length: 20 }, async () => (await create(a.cookie, { kind: "secret", mode: "test" })).body.secret as string));
    expect(new Set(values).size).toBe(20);
    expect(new Set(values.map((v) => v.slice(8, 14))).size).toBe(20);
  });
});
