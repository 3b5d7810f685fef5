import bcrypt from "bcryptjs";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { apiKeys, consoleSessions, creditLedger, scannerProfiles, tenants, users } from "@/lib/db/schema";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { callJson } from "../support/app";
import { cookieFrom, expectConsoleAuthRequired, expectCrossOriginRefused, randomIp, signup, uniqueEmail } from "../support/factories";
import { captureLogs } from "../support/capture-logs";
import { useServices } from "../support/services";
import { PEER_ADDRESS_HEADER } from "@/lib/http/path-guard.mjs";
import { awayFromWindowEdge } from "../support/window-edge";

// Request logs at info level are captured (not printed) so the last test can check them.
// One trusted proxy: the client address is the last X-Forwarded-For entry before the peer.
const svc = useServices({ LOG_LEVEL: "info", TRUSTED_PROXY_HOPS: "1" });
const logged = captureLogs();
afterEach(() => resetClock());

const PASSWORD = "correct horse battery";

async function signupRaw(json: unknown, headers: Record<string, string> = {}) {
  return callJson("POST", "/v1/auth/signup", { json, headers });
}
async function loginRaw(json: unknown, headers: Record<string, string> = {}) {
  return callJson("POST", "/v1/auth/login", { json, headers });
}
async function me(cookie: string) {
  return callJson("GET", "/v1/auth/me", { cookie });
}
/**
 * Headers of a request that reached the server through one trusted proxy from `client`;
 * `spoofed` is an entry the client itself put in front (never trusted).
 */
function viaProxy(client: string, spoofed?: string): Record<string, string> {
  return { [PEER_ADDRESS_HEADER]: "192.0.2.10", "x-forwarded-for": spoofed ? `${spoofed}, ${client}` : client };
}
const usersByEmail = (email: string) => svc.get().db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe("happy", () => {
  it("signup creates the account and a console session with the spec's cookie", async () => {
    const email = uniqueEmail();
    const res = await signupRaw({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email, name: null, theme_mode: "auto" },
      tenant: { id: expect.stringMatching(/^ten_/), name: email, plan: "free", credits: 250, allowed_origins: [] },
      secret_key: expect.stringMatching(/^sk_test_[A-Za-z0-9_-]{40}$/),
    });
    // The key in the answer is the account's own secret key, and it works.
    const read = await callJson("GET", "/v1/sessions/sess_unknown", { headers: { Authorization: `Bearer ${res.body.secret_key}` } });
    expect(read.status).toBe(404);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^sc_session=[A-Za-z0-9_-]{40,}; /);
    for (const attr of ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=604800"]) expect(setCookie).toContain(attr);
    expect(setCookie).not.toContain("Secure");
    const who = await me(cookieFrom(setCookie));
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ user: res.body.user, tenant: res.body.tenant });
  });

  it("signup writes tenant, user, two test keys, the grant, the default profile and a webhook secret in one go", async () => {
    const { tenant, user } = await signup({ name: "Zoë 🚀", company: "Ünïcode GmbH" });
    expect(tenant.name).toBe("Ünïcode GmbH");
    expect(user.name).toBe("Zoë 🚀");
    const db = svc.get().db;
    const [t] = await db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(t.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(t.plan).toBe("free");
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenant.id));
    // two from signup plus the two the factory creates
    const signupKeys = keys.filter((k) => !k.name?.startsWith("factory"));
    expect(signupKeys.map((k) => `${k.kind}/${k.mode}`).sort()).toEqual(["publishable/test", "secret/test"]);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.tenantId, tenant.id));
    expect(ledger).toMatchObject([{ delta: 250, balanceAfter: 250, reason: "signup_grant", seq: 1 }]);
    const profiles = await db.select().from(scannerProfiles).where(eq(scannerProfiles.tenantId, tenant.id));
    expect(profiles).toHaveLength(1);
    expect(profiles[0].settings).toEqual(PLATFORM_DEFAULTS);
    expect(t.defaultProfileId).toBe(profiles[0].id);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    // A bcrypt hash (at the suite's lower cost: tests/unit/password.test.ts holds production's).
    expect(u.passwordHash).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/);
  });

  it("tenant name falls back to the user's name when no company is sent", async () => {
    const { tenant } = await signup({ name: "Ada" });
    expect(tenant.name).toBe("Ada");
  });

  it("emails are trimmed and compared case-insensitively", async () => {
    const email = uniqueEmail("Mixed.Case");
    const res = await signupRaw({ email: `  ${email}  `, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
    expect((await loginRaw({ email: ` ${email.toUpperCase()} `, password: PASSWORD })).status).toBe(200);
    const again = await signupRaw({ email: email.toLowerCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("email_taken");
  });

  it("login answers user and tenant and starts a second, independent session", async () => {
    const a = await signup();
    const res = await loginRaw({ email: a.user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: a.user, tenant: { ...a.tenant, credits: 250 } });
    const cookie = cookieFrom(res.headers.get("set-cookie"));
    expect(cookie).not.toBe(a.cookie);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax; Max-Age=604800/);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(a.cookie)).status).toBe(200);
  });

  it("logout destroys exactly this session and clears the cookie; other sessions stay valid", async () => {
    const a = await signup();
    const other = cookieFrom((await loginRaw({ email: a.user.email, password: PASSWORD })).headers.get("set-cookie"));
    const res = await callJson("POST", "/v1/auth/logout", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("set-cookie")).toMatch(/^sc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    const after = await me(a.cookie);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("unauthorized");
    expect((await me(other)).status).toBe(200);
  });

  it("logout without a session (or with a dead one) is fine", async () => {
    expect((await callJson("POST", "/v1/auth/logout")).body).toEqual({ status: "ok" });
    expect((await callJson("POST", "/v1/auth/logout", { cookie: "sc_session=nope" })).status).toBe(200);
  });

  it("cookies are Secure when served over https", async () => {
    const res = await signupRaw({ email: uniqueEmail(), password: PASSWORD }, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("a console session ends after 7 days", async () => {
    const a = await signup();
    advanceClock(7 * 24 * 3600 * 1000 - 60_000);
    expect((await me(a.cookie)).status).toBe(200);
    advanceClock(61_000);
    expect((await me(a.cookie)).status).toBe(401);
  });

  it("same-origin requests are accepted", async () => {
    const res = await signupRaw({ email: uniqueEmail(), password: PASSWORD }, { origin: "http://localhost:3000" });
    expect(res.status).toBe(201);
  });
});

describe("errors", () => {
  it("signup reports every validation problem at once", async () => {
    const email = uniqueEmail();
    const res = await signupRaw({ email: "not-an-email", password: "short", name: 5, company: "c".repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(["company", "email", "name", "password"]);
    expect((await signupRaw({})).body.fields).toEqual({ email: "is required", password: "is required" });
    expect((await usersByEmail(email))).toHaveLength(0);
  });

  it.each([
    ["email number", { email: 5, password: PASSWORD }, "email"],
    ["email array", { email: ["a@b.co"], password: PASSWORD }, "email"],
    ["password object", { email: "x@example.com", password: { a: 1 } }, "password"],
    ["password 9 chars", { email: "x@example.com", password: "123456789" }, "password"],
    ["password 9 emoji + nothing", { email: "x@example.com", password: "😀".repeat(9) }, "password"],
    ["unicode local part", { email: "ä@example.com", password: PASSWORD }, "email"],
    ["empty name", { email: "x@example.com", password: PASSWORD, name: "  " }, "name"],
    ["unknown field", { email: "x@example.com", password: PASSWORD, admin: true }, "admin"],
    ["email too long", { email: `${"a".repeat(250)}@example.com`, password: PASSWORD }, "email"],
  ])("signup: %s → 400 with fields.%s", async (_label, json, field) => {
    const res = await signupRaw(json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields).toHaveProperty([field]);
  });

  it("10 unicode characters are a valid password", async () => {
    expect((await signupRaw({ email: uniqueEmail(), password: "😀".repeat(10) })).status).toBe(201);
  });

  it.each([
    ["a JSON array", "[]"],
    ["a string", '"x"'],
    ["null", "null"],
    ["malformed JSON", '{"email":'],
    ["a 1 MB string", JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024) })],
  ])("signup with %s → 400 invalid_request", async (_label, body) => {
    const res = await callJson("POST", "/v1/auth/signup", { body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
  });

  it("signup with __proto__ / constructor keys → 400 and nothing created", async () => {
    const email = uniqueEmail();
    for (const body of [
      `{"email":"${email}","password":"${PASSWORD}","__proto__":{"admin":true}}`,
      `{"email":"${email}","password":"${PASSWORD}","constructor":{"prototype":{"x":1}}}`,
    ]) {
      const res = await callJson("POST", "/v1/auth/signup", { body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect(await usersByEmail(email)).toHaveLength(0);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("a taken email is 409 email_taken", async () => {
    const a = await signup();
    const res = await signupRaw({ email: a.user.email, password: "another password" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "email_taken", message: expect.any(String) });
  });

  it("50 parallel signups with one email: exactly one 201, the rest 409 email_taken", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => signupRaw({ email: i % 2 ? email : email.toUpperCase(), password: PASSWORD })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === "email_taken")).toBe(true);
    expect(await usersByEmail(email)).toHaveLength(1);
  }, 120_000);

  it("unknown email and wrong password give the same 401 after the same work: one bcrypt compare at the stored hashes' cost", async () => {
    const a = await signup();
    const compared = (globalThis as { bcryptCompared?: string[] }).bcryptCompared ?? [];
    const comparesOf = async (email: string) => {
      const before = compared.length;
      const res = await loginRaw({ email, password: "wrong password!" });
      return { res, hashes: compared.slice(before) };
    };
    const wrong = await comparesOf(a.user.email);
    const unknown = await comparesOf(uniqueEmail("nobody"));
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body).toEqual(wrong.res.body);
    expect(wrong.res.body).toEqual({ error: "invalid_credentials", message: expect.any(String) });
    expect(wrong.res.headers.get("set-cookie")).toBeNull();
    // Timed, the two differed by what the machine was doing; counted, by nothing. bcrypt's time
    // is its cost, so one compare each at the same cost is the same time (production's cost
    // for the dummy as for stored hashes: tests/unit/password.test.ts).
    const [stored] = await svc.get().db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.user.id));
    expect(wrong.hashes).toEqual([stored.hash]);
    expect(unknown.hashes).toHaveLength(1);
    expect(unknown.hashes[0]).not.toBe(stored.hash);
    expect(bcrypt.getRounds(unknown.hashes[0])).toBe(bcrypt.getRounds(stored.hash));
  });

  it("login validation: missing and wrongly typed fields", async () => {
    const res = await loginRaw({ email: 1, password: ["x"] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["email", "password"]);
    expect((await loginRaw({})).body.fields).toEqual({ email: "is required", password: "is required" });
  });

  it("GET /v1/auth/me without a valid cookie → 401 unauthorized", async () => {
    await expectConsoleAuthRequired("GET", "/v1/auth/me");
  });

  it.each([
    ["GET", "/v1/auth/signup"],
    ["GET", "/v1/auth/login"],
    ["GET", "/v1/auth/logout"],
    ["POST", "/v1/auth/me"],
  ])("%s %s → 405", async (method, path) => {
    expect((await callJson(method, path)).status).toBe(405);
  });

  it("login is throttled per (email, address) pair: the 11th attempt is 429 even with the right password; the owner elsewhere still logs in", async () => {
    const a = await signup();
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) expect((await loginRaw({ email: a.user.email, password: "wrong password!" }, viaProxy(attacker))).status).toBe(401);
    const blocked = await loginRaw({ email: a.user.email.toUpperCase(), password: PASSWORD }, viaProxy(attacker));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // No lockout: the owner, from their own address, is not affected.
    expect((await loginRaw({ email: a.user.email, password: PASSWORD }, viaProxy(randomIp()))).status).toBe(200);
    advanceClock(15 * 60 * 1000);
    expect((await loginRaw({ email: a.user.email, password: PASSWORD }, viaProxy(attacker))).status).toBe(200);
  });

  it("one address is capped at 100 login attempts in 15 minutes across emails; a spoofed X-Forwarded-For entry does not escape it", async () => {
    await awayFromWindowEdge(15 * 60_000, 60_000);
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      expect((await loginRaw({ email: uniqueEmail(), password: PASSWORD }, viaProxy(ip, randomIp()))).status).toBe(401);
    }
    const res = await loginRaw({ email: uniqueEmail(), password: PASSWORD }, viaProxy(ip));
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("rate_limited");
    expect((await loginRaw({ email: uniqueEmail(), password: PASSWORD }, viaProxy(randomIp()))).status).toBe(401);
  }, 120_000);

  it("signup is throttled per address: the 11th signup from one address in 15 minutes is 429 and creates nothing", async () => {
    await awayFromWindowEdge(15 * 60_000, 60_000);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await signupRaw({ email: uniqueEmail(), password: PASSWORD }, viaProxy(ip, randomIp()))).status).toBe(201);
    const email = uniqueEmail();
    const res = await signupRaw({ email, password: PASSWORD }, viaProxy(ip, randomIp()));
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("rate_limited");
    expect(await usersByEmail(email)).toHaveLength(0);
  }, 120_000);
});

describe("security", () => {
  it("signup, login and logout from another origin are refused and change nothing", async () => {
    const email = uniqueEmail();
    await expectCrossOriginRefused("POST", "/v1/auth/signup", undefined, { email, password: PASSWORD });
    expect(await usersByEmail(email)).toHaveLength(0);
    const a = await signup();
    await expectCrossOriginRefused("POST", "/v1/auth/login", undefined, { email: a.user.email, password: PASSWORD });
    await expectCrossOriginRefused("POST", "/v1/auth/logout", a.cookie);
    expect((await me(a.cookie)).status).toBe(200);
  });

  it("the cookie value is stored only as a hash", async () => {
    const a = await signup();
    const value = a.cookie.split("=")[1];
    const rows = await svc.get().db.select().from(consoleSessions).where(eq(consoleSessions.tenantId, a.tenant.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  it("each user sees only their own account", async () => {
    const a = await signup();
    const b = await signup();
    expect((await me(a.cookie)).body.tenant.id).toBe(a.tenant.id);
    expect((await me(b.cookie)).body.tenant.id).toBe(b.tenant.id);
    expect((await me(b.cookie)).body.user.email).toBe(b.user.email);
  });

  it("passwords, password hashes and cookies never appear in responses or logs", async () => {
    const password = `Sup3r-secret-${Date.now()}`;
    const email = uniqueEmail();
    const bodies: string[] = [];
    const s = await signupRaw({ email, password });
    bodies.push(JSON.stringify(s.body));
    const l = await loginRaw({ email, password });
    bodies.push(JSON.stringify(l.body));
    const cookie = cookieFrom(l.headers.get("set-cookie"));
    bodies.push(JSON.stringify((await me(cookie)).body));
    await loginRaw({ email, password: `${password}x` });
    const [u] = await usersByEmail(email);
    const everything = bodies.join("\n") + logged.join("");
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [password, u.passwordHash, cookie.split("=")[1], "$2a$", "$2b$"]) expect(everything).not.toContain(secret);
  });
});
