import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { flushDeferred } from "@/lib/http";
import { callJson } from "../support/app";
import { cookieFrom, signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadJson } from "../support/sessions";

const svc = useServices();
const db = () => svc.get().db;
const PASSWORD = "correct horse battery";
const login = async (email: string, password: string) => callJson("POST", "/v1/auth/login", { json: { email, password } });

describe("happy", () => {
  it("changing the password needs the current one, ends the other sessions and keeps this one", async () => {
    const a = await signup();
    const other = cookieFrom((await login(a.user.email, PASSWORD)).headers.get("set-cookie"));
    const res = await callJson("POST", "/v1/dashboard/account/password", { cookie: a.cookie, json: { current_password: PASSWORD, new_password: "a brand new passphrase" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", other_sessions_ended: 1 });
    expect((await callJson("GET", "/v1/auth/me", { cookie: other })).status).toBe(401);
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).status).toBe(200);
    expect((await login(a.user.email, PASSWORD)).status).toBe(401);
    expect((await login(a.user.email, "a brand new passphrase")).status).toBe(200);
  });

  it("the low-balance warning: default 25, set by the owner, 0 turns it off", async () => {
    const a = await signup();
    expect((await callJson("GET", "/v1/dashboard/alerts", { cookie: a.cookie })).body).toEqual({ low_balance_threshold: 25, balance: 250, low: false });
    expect((await callJson("PUT", "/v1/dashboard/alerts", { cookie: a.cookie, json: { low_balance_threshold: 250 } })).body).toEqual({ low_balance_threshold: 250, balance: 250, low: true });
    expect((await callJson("PUT", "/v1/dashboard/alerts", { cookie: a.cookie, json: { low_balance_threshold: 0 } })).body.low).toBe(false);
  });

  it("deleting the account revokes every key, deletes sessions and files, keeps the ledger", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await uploadJson(s.client_token, pdfBytes(), { pages: 1 });
    const res = await callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: { confirm: a.user.email.toUpperCase() } });
    await flushDeferred();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "deleted" });
    expect(res.headers.get("set-cookie")).toMatch(/^sc_session=; .*Max-Age=0/);
    for (const key of [a.secretKey, a.publishableKey]) {
      expect((await callJson("POST", "/v1/sessions", { bearer: key, json: {}, headers: { origin: "http://localhost:3000" } })).status).toBe(401);
    }
    const keys = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.tenantId, a.tenant.id));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.revokedAt !== null)).toBe(true);
    expect(await db().select().from(schema.sessions).where(eq(schema.sessions.tenantId, a.tenant.id))).toEqual([]);
    expect(await db().select().from(schema.files).where(eq(schema.files.tenantId, a.tenant.id))).toEqual([]);
    const ledger = await db().select().from(schema.creditLedger).where(eq(schema.creditLedger.tenantId, a.tenant.id));
    expect(ledger.map((e) => e.reason).sort()).toEqual(["session", "signup_grant"]);
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).status).toBe(401);
    expect((await login(a.user.email, PASSWORD)).status).toBe(401);
    // The address is free again.
    expect((await callJson("POST", "/v1/auth/signup", { json: { email: a.user.email, password: PASSWORD } })).status).toBe(201);
  });
});

describe("errors", () => {
  it("a too-short new password is refused by the schema; a wrong current one is a field problem; nothing changes", async () => {
    const a = await signup();
    const res = await callJson("POST", "/v1/dashboard/account/password", { cookie: a.cookie, json: { current_password: "wrong", new_password: "short" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["new_password"]);
    const wrong = await callJson("POST", "/v1/dashboard/account/password", { cookie: a.cookie, json: { current_password: "wrong password", new_password: "long enough passphrase" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ current_password: "is not your current password" });
    expect((await login(a.user.email, PASSWORD)).status).toBe(200);
  });

  it("bad thresholds and a wrong confirmation are 400 with fields; the account stays", async () => {
    const a = await signup();
    const bad = await callJson("PUT", "/v1/dashboard/alerts", { cookie: a.cookie, json: { low_balance_threshold: -1, extra: 1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["extra", "low_balance_threshold"]);
    const del = await callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: { confirm: "someone@else.example" } });
    expect(del.status).toBe(400);
    expect(del.body.fields).toEqual({ confirm: "must be your account's email address" });
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).status).toBe(200);
    expect((await callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: {} })).body.fields).toEqual({ confirm: "is required" });
  });
});

describe("security", () => {
  it("all three need the console cookie and refuse cross-origin requests", async () => {
    const a = await signup();
    expect((await callJson("POST", "/v1/dashboard/account/password", { json: { current_password: PASSWORD, new_password: "another passphrase" } })).status).toBe(401);
    expect((await callJson("GET", "/v1/dashboard/alerts")).status).toBe(401);
    expect((await callJson("DELETE", "/v1/dashboard/account", { json: { confirm: a.user.email } })).status).toBe(401);
    const cross = await callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: { confirm: a.user.email }, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(cross.body.error).toBe("origin_not_allowed");
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).status).toBe(200);
  });

  it("deleting one account leaves another tenant's keys and sessions alone", async () => {
    const a = await signup();
    const b = await signup();
    const theirs = await createSessionWith(b.secretKey);
    await callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: { confirm: a.user.email } });
    expect((await callJson("GET", `/v1/sessions/${theirs.id}`, { bearer: b.secretKey })).status).toBe(200);
  });

  it("two password changes at once: one succeeds, the other is told its current password is wrong; the winner's session lives", async () => {
    const a = await signup();
    const other = cookieFrom((await login(a.user.email, PASSWORD)).headers.get("set-cookie"));
    const change = (cookie: string, to: string) => callJson("POST", "/v1/dashboard/account/password", { cookie, json: { current_password: PASSWORD, new_password: to } });
    const [first, second] = await Promise.all([change(a.cookie, "first new passphrase"), change(other, "second new passphrase")]);
    const results = [first, second];
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const lost = results.find((r) => r.status === 400)!;
    expect(lost.body).toMatchObject({ error: "invalid_request", fields: { current_password: "is not your current password" } });
    const [winner, password] = first.status === 200 ? [a.cookie, "first new passphrase"] : [other, "second new passphrase"];
    expect((await callJson("GET", "/v1/auth/me", { cookie: winner })).status).toBe(200);
    expect((await login(a.user.email, password)).status).toBe(200);
  });

  it("a login racing the account's deletion is 200 or 401, never 500, and leaves no live session", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signup();
      const [signedIn, deleted] = await Promise.all([login(a.user.email, PASSWORD), callJson("DELETE", "/v1/dashboard/account", { cookie: a.cookie, json: { confirm: a.user.email } })]);
      expect(deleted.status).toBe(200);
      expect([200, 401]).toContain(signedIn.status);
      if (signedIn.status === 401) expect(signedIn.body.error).toBe("invalid_credentials");
      else expect((await callJson("GET", "/v1/auth/me", { cookie: cookieFrom(signedIn.headers.get("set-cookie")) })).status).toBe(401);
    }
  });

  it("wrong current passwords count against the login throttle: 429 rate_limited with Retry-After, the password unchanged", async () => {
    const a = await signup();
    let last = await callJson("POST", "/v1/dashboard/account/password", { cookie: a.cookie, json: { current_password: "a wrong password", new_password: "a brand new passphrase" } });
    for (let i = 0; i < 60 && last.status === 400; i++) {
      last = await callJson("POST", "/v1/dashboard/account/password", { cookie: a.cookie, json: { current_password: "a wrong password", new_password: "a brand new passphrase" } });
    }
    expect(last.status).toBe(429);
    expect(last.body.error).toBe("rate_limited");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(a.user.email, "a brand new passphrase")).status).not.toBe(200);
  });
});
