import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { newId } from "@/lib/ids";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { call, callJson } from "../support/app";
import { addDomain, signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, sessionRow, setBalance } from "../support/sessions";

const svc = useServices();

async function sessionCount(tenantId: string): Promise<number> {
  return (await svc.get().db.select({ id: schema.sessions.id }).from(schema.sessions).where(eq(schema.sessions.tenantId, tenantId))).length;
}

async function keyValue(cookie: string, kind: "publishable" | "secret", mode: "test" | "live") {
  const res = await callJson("POST", "/v1/dashboard/keys", { cookie, json: { kind, mode } });
  expect(res.status).toBe(201);
  return { id: res.body.key.id as string, value: res.body.secret as string };
}

async function insertProfile(tenantId: string, settings: unknown): Promise<string> {
  const id = newId("profile");
  const at = new Date();
  await svc.get().db.insert(schema.scannerProfiles).values({ id, tenantId, name: id, settings: settings as Record<string, unknown>, createdAt: at, updatedAt: at });
  return id;
}

describe("happy", () => {
  it("a secret key creates a created session: spec body, TTL, token in scan_url, nothing debited", async () => {
    const a = await signup();
    const before = Date.now();
    const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} });
    const after = Date.now();
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["client_token", "expires_at", "id", "mode", "scan_url"]);
    expect(res.body.id).toMatch(/^sess_[0-9a-z]{20}$/);
    expect(res.body.mode).toBe("test");
    expect(res.body.scan_url).toBe(`${svc.get().config.scanUrlBase}?t=${res.body.client_token}`);
    // The TTL runs from the request's own clock reading, somewhere between before and after
    // (the file's first request loads the route's code: seconds on a loaded machine).
    const expiresAt = Date.parse(res.body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 900_000 - 1);
    expect(expiresAt).toBeLessThanOrEqual(after + 900_000 + 1);
    const row = await sessionRow(svc.get().db, res.body.id);
    expect(row).toMatchObject({ status: "created", tenantId: a.tenant.id, scanner: PLATFORM_DEFAULTS, metadata: {}, allowedOrigins: [] });
    // What every opening starts without, written into the insert itself.
    const empty = { openedAt: null, scanningAt: null, tokenUsedAt: null, completedAt: null, failedAt: null, failReason: null, pageCount: null };
    expect(row).toMatchObject({ ...empty, redactionRequestedAt: null, redactionActor: null, redactionLeaseUntil: null, redactedAt: null, callbackUrl: null, createdWith: "secret" });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });

  it("every session records the kind of key that opened it, in the read and in the webhook payload", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const bySk = await createSessionWith(a.secretKey);
    const byPk = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://shop.example.com" }, json: {} });
    expect((await callJson("GET", `/v1/sessions/${bySk.id}`, { bearer: a.secretKey })).body.created_with).toBe("secret");
    expect((await callJson("GET", `/v1/sessions/${byPk.body.id}`, { bearer: a.secretKey })).body.created_with).toBe("publishable");
    const preview = await callJson("POST", "/v1/dashboard/scanner/preview-session", { cookie: a.cookie, json: {} });
    expect((await callJson("GET", `/v1/sessions/${preview.body.id}`, { bearer: a.secretKey })).body.created_with).toBe("console");
  });

  it("a publishable key works from an allowlisted Origin; the mode follows the key", async () => {
    const a = await signup();
    await addDomain(a.cookie, "shop.example.com");
    const res = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://shop.example.com" }, json: {} });
    expect(res.status).toBe(201);
    expect((await sessionRow(svc.get().db, res.body.id)).allowedOrigins).toEqual(["https://shop.example.com"]);
    const live = await keyValue(a.cookie, "secret", "live");
    expect((await createSessionWith(live.value)).mode).toBe("live");
  });

  it("stores metadata exactly: nesting, unicode, a __proto__ key, numbers and nulls", async () => {
    const a = await signup();
    const raw = '{"metadata":{"order":"A-1","nested":{"deep":[1,2.5,{"x":null}]},"emoji":"📄 Grüße ✓","__proto__":{"polluted":true},"flag":false}}';
    const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: raw });
    expect(res.status).toBe(201);
    const read = await callJson("GET", `/v1/sessions/${res.body.id}`, { bearer: a.secretKey });
    expect(read.body.metadata).toStrictEqual(JSON.parse(raw).metadata);
    expect(Object.getOwnPropertyNames(read.body.metadata)).toContain("__proto__");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("resolves scanner settings: default profile, named profile, override deep-merged, snapshot kept", async () => {
    const a = await signup();
    const base = structuredClone(PLATFORM_DEFAULTS);
    const german = await insertProfile(a.tenant.id, { ...base, locale: "de" });
    const s1 = await createSessionWith(a.secretKey, { scanner_id: german, scanner: { theme: { accent: "#ff0000" } } });
    const snap = (await sessionRow(svc.get().db, s1.id)).scanner as typeof base;
    expect(snap).toEqual({ ...base, locale: "de", theme: { ...base.theme, accent: "#ff0000" } });
    await svc.get().db.update(schema.tenants).set({ defaultProfileId: german }).where(eq(schema.tenants.id, a.tenant.id));
    const s2 = await createSessionWith(a.secretKey);
    expect(((await sessionRow(svc.get().db, s2.id)).scanner as typeof base).locale).toBe("de");
    // An override on a profile's settings (merged once and shared by requests) leaves them as saved.
    const red = await createSessionWith(a.secretKey, { scanner: { theme: { accent: "#ff0000" } } });
    expect(((await sessionRow(svc.get().db, red.id)).scanner as typeof base).theme.accent).toBe("#ff0000");
    const plain = await createSessionWith(a.secretKey);
    expect((await sessionRow(svc.get().db, plain.id)).scanner).toEqual({ ...base, locale: "de" });
    await svc.get().db.update(schema.scannerProfiles).set({ settings: { ...base, locale: "fr" } }).where(eq(schema.scannerProfiles.id, german));
    expect(((await sessionRow(svc.get().db, s1.id)).scanner as typeof base).locale).toBe("de");
    // The next session reads the profile as it is now, never a copy kept from before.
    const after = await createSessionWith(a.secretKey);
    expect(((await sessionRow(svc.get().db, after.id)).scanner as typeof base).locale).toBe("fr");
  });

  it("accepts allowed_origins on the allowlist (normalised) and an https or localhost callback_url", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://a.example.com");
    await addDomain(a.cookie, "http://localhost:8080");
    const s = await createSessionWith(a.secretKey, { allowed_origins: ["HTTPS://A.example.com/path"], callback_url: "https://hooks.example.com/x" });
    expect(await sessionRow(svc.get().db, s.id)).toMatchObject({ allowedOrigins: ["https://a.example.com"], callbackUrl: "https://hooks.example.com/x" });
    const local = await createSessionWith(a.secretKey, { allowed_origins: ["http://localhost:8080"], callback_url: "http://localhost:9999/hook" });
    expect((await sessionRow(svc.get().db, local.id)).callbackUrl).toBe("http://localhost:9999/hook");
  });

  it("a balance of exactly 1 is enough", async () => {
    const a = await signup();
    await setBalance(svc.get().db, a.tenant.id, 1);
    await createSessionWith(a.secretKey);
  });
});

describe("security", () => {
  it("CORS: answers the preflight and lets an allowlisted page read both the session and a refusal", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const pre = await call("OPTIONS", "/v1/sessions", { headers: { origin: "https://shop.example.com", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    expect(pre.headers.get("access-control-allow-methods")).toBe("POST");
    // a page may retry an opening under an Idempotency-Key, as a server does
    expect(pre.headers.get("access-control-allow-headers")).toBe("authorization, content-type, idempotency-key");
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
    expect(pre.headers.get("x-request-id")).toBeTruthy();
    const ok = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://shop.example.com" }, json: {} });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    const refused = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://evil.example.com" }, json: {} });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://evil.example.com");
    expect(refused.body.error).toBe("origin_not_allowed");
    for (const res of [ok, refused]) {
      expect(res.headers.get("vary")).toContain("Origin");
      expect(res.headers.get("access-control-expose-headers")).toBe("Retry-After, X-Request-Id");
    }
    const status = await callJson("GET", `/v1/sessions/${ok.body.id}/status?t=${ok.body.client_token}`, { headers: { origin: "https://shop.example.com" } });
    expect(status.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    expect(status.headers.get("referrer-policy")).toBe("no-referrer");
    const statusNoOrigin = await callJson("GET", `/v1/sessions/${ok.body.id}/status?t=${ok.body.client_token}`);
    expect([statusNoOrigin.headers.get("access-control-allow-origin"), statusNoOrigin.headers.get("vary")]).toEqual([null, null]);
    const noOrigin = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} });
    expect(noOrigin.headers.get("access-control-allow-origin")).toBeNull();
    // the status poll honours no Idempotency-Key, so its preflight does not offer one
    const statusPre = await call("OPTIONS", `/v1/sessions/${ok.body.id}/status`, { headers: { origin: "https://shop.example.com", "access-control-request-method": "GET" } });
    expect(statusPre.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
  });

  it("a page retrying an opening under one Idempotency-Key gets the first session back", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const open = () => callJson("POST", "/v1/sessions", {
      bearer: a.publishableKey,
      headers: { origin: "https://shop.example.com", "idempotency-key": "order-A-1001" },
      json: { metadata: { order: "A-1001" } },
    });
    const [first, again] = [await open(), await open()];
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
  });
});

describe("errors", () => {
  it("402 insufficient_credits with the balance in the message; nothing created", async () => {
    const a = await signup();
    for (const balance of [0, -3]) {
      await setBalance(svc.get().db, a.tenant.id, balance);
      const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { metadata: { a: 1 } } });
      expect(res.status).toBe(402);
      expect(res.body.error).toBe("insufficient_credits");
      expect(res.body.message).toContain("1 credit");
      expect(res.body.message).toContain(`balance is ${balance}`);
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("400 invalid_scanner_config with every problem in fields", async () => {
    const a = await signup();
    const res = await callJson("POST", "/v1/sessions", {
      bearer: a.secretKey,
      json: { scanner: { theme: { accent: "nope" }, options: { maxPages: 0 }, bogus: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_scanner_config");
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(["theme.accent", "options.maxPages", "bogus"]));
    for (const scanner of [[], "x", 1, null]) {
      const r = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { scanner } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "invalid_scanner_config", fields: { scanner: expect.any(String) } });
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it.each([
    ["metadata array", { metadata: [1] }, "metadata"],
    ["metadata string", { metadata: "x" }, "metadata"],
    ["metadata null", { metadata: null }, "metadata"],
    ["metadata over 16 KB", { metadata: { big: "x".repeat(17_000) } }, "metadata"],
    ["metadata with NUL", { metadata: { a: "x\u0000y" } }, "metadata.a"],
    ["metadata with a lone surrogate", { metadata: { a: "\ud800" } }, "metadata.a"],
    ["metadata nested too deep", { metadata: JSON.parse("[".repeat(30) + "]".repeat(30).replace(/^/, "")) }, "metadata"],
    ["callback_url http", { callback_url: "http://hooks.example.com" }, "callback_url"],
    ["callback_url ftp", { callback_url: "ftp://hooks.example.com" }, "callback_url"],
    ["callback_url garbage", { callback_url: "not a url" }, "callback_url"],
    ["callback_url number", { callback_url: 5 }, "callback_url"],
    ["allowed_origins not an array", { allowed_origins: "https://a.example.com" }, "allowed_origins"],
    ["allowed_origins bad entry", { allowed_origins: ["*.example.com"] }, "allowed_origins.0"],
    ["scanner_id unknown", { scanner_id: "prof_nope" }, "scanner_id"],
    ["scanner_id wrong type", { scanner_id: 42 }, "scanner_id"],
    ["mode in the body", { mode: "live" }, "mode"],
    ["__proto__ key", JSON.parse('{"__proto__":{"x":1}}'), "__proto__"],
    ["constructor key", { constructor: { prototype: {} } }, "constructor"],
  ])("400 invalid_request for %s", async (_name, json, field) => {
    const a = await signup();
    const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: JSON.stringify(json) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    if (field) expect(res.body.fields).toHaveProperty([field]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it.each([
    ["an unknown profile and a malformed origin", { scanner_id: "nope", allowed_origins: ["::"] }, ["allowed_origins.0", "scanner_id"]],
    ["bad metadata and a bad override", { metadata: 5, scanner: { theme: { accent: "nope" } } }, ["metadata", "theme.accent"]],
    ["a bad callback_url and a bad override", { callback_url: "http://example.com/x", scanner: { options: { maxPages: 0 } } }, ["callback_url", "options.maxPages"]],
    ["an unknown profile and a bad override", { scanner_id: "nope", scanner: { theme: { accent: "nope" } } }, ["scanner_id", "theme.accent"]],
    ["a profile id of the wrong type, an unknown key and a bad override", { scanner_id: 42, extra: 1, scanner: { bogus: 1 } }, ["bogus", "extra", "scanner_id"]],
  ])("400 invalid_request with every problem at once: %s", async (_name, json, fields) => {
    const a = await signup();
    const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(fields);
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("400 invalid_request for malformed JSON, a non-object body, a 1 MB body", async () => {
    const a = await signup();
    for (const body of ["{", "[]", '"x"', "42", "null", JSON.stringify({ metadata: { s: "x".repeat(1 << 20) } })]) {
      const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });
});

describe("security", () => {
  it("401 invalid_api_key: missing, malformed, unknown, revoked, console cookie", async () => {
    const a = await signup();
    const revoked = await keyValue(a.cookie, "secret", "test");
    expect((await callJson("DELETE", `/v1/dashboard/keys/${revoked.id}`, { cookie: a.cookie })).status).toBe(200);
    const unknown = `sk_test_${"a".repeat(40)}`;
    const cases = [{}, { bearer: "nope" }, { bearer: unknown }, { bearer: revoked.value }, { cookie: a.cookie }, { headers: { authorization: a.secretKey } }];
    for (const auth of cases) {
      const res = await callJson("POST", "/v1/sessions", { ...auth, json: {} });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("invalid_api_key");
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("403 origin_not_allowed for a publishable key: no Origin, other origin, other port or scheme, 'null'", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    for (const origin of [undefined, "https://evil.example.com", "https://shop.example.com:8443", "http://shop.example.com", "null", "https://shop.example.com.evil.com", "https://sub.shop.example.com"]) {
      const res = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: origin ? { origin } : {}, json: {} });
      expect(res.status, origin).toBe(403);
      expect(res.body.error).toBe("origin_not_allowed");
    }
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("403 origin_not_allowed when allowed_origins names an origin off the allowlist (any key)", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const pk = await callJson("POST", "/v1/sessions", {
      bearer: a.publishableKey,
      headers: { origin: "https://shop.example.com" },
      json: { allowed_origins: ["https://shop.example.com", "https://evil.example.com"] },
    });
    expect(pk.status).toBe(403);
    expect(pk.body.error).toBe("origin_not_allowed");
    const sk = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { allowed_origins: ["https://evil.example.com"] } });
    expect(sk.status).toBe(403);
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("another tenant's allowlist, profile and keys do not count", async () => {
    const a = await signup();
    const b = await signup();
    await addDomain(b.cookie, "https://b.example.com");
    const res = await callJson("POST", "/v1/sessions", { bearer: a.publishableKey, headers: { origin: "https://b.example.com" }, json: {} });
    expect(res.status).toBe(403);
    const bProfile = await insertProfile(b.tenant.id, structuredClone(PLATFORM_DEFAULTS));
    const r2 = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { scanner_id: bProfile } });
    expect(r2.status).toBe(400);
    expect(r2.body.fields).toHaveProperty(["scanner_id"]);
    expect(await sessionCount(a.tenant.id)).toBe(0);
  });

  it("a publishable key cannot set callback_url: 400 at the field, no session, no rate-limit hit spent on a session", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    const res = await callJson("POST", "/v1/sessions", {
      bearer: a.publishableKey,
      headers: { origin: "https://shop.example.com" },
      json: { callback_url: "https://attacker.example/hook", metadata: { paid: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields.callback_url).toMatch(/publishable key/);
    // with the body's other problems
    const both = await callJson("POST", "/v1/sessions", {
      bearer: a.publishableKey,
      headers: { origin: "https://shop.example.com" },
      json: { callback_url: "https://attacker.example/hook", scanner: { theme: { accent: "nope" } } },
    });
    expect(both.body).toMatchObject({ error: "invalid_request", fields: { callback_url: expect.any(String), "theme.accent": expect.any(String) } });
    const list = await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie });
    expect(list.body.sessions).toHaveLength(0);
  });
});
