/**
 * A failing write must not put its query parameters in the log. Invariant: when
 * a secret- or email-bearing write fails, the caller gets a JSON 500 and the log line has
 * no whsec_ secret, no email, no password hash and no SQL parameters. The failures are
 * forced with triggers that fire only for this test's rows (parallel-safe on a shared DB).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorFields, redact } from "@/lib/log";
import { callJson } from "../support/app";
import { signup, uniqueEmail } from "../support/factories";
import { createSessionWith } from "../support/sessions";
import { captureLogs } from "../support/capture-logs";
import { useServices } from "../support/services";

const svc = useServices({ LOG_LEVEL: "info" });
const logged = captureLogs();
const TAG = `logfail${Date.now()}`;

beforeAll(async () => {
  const db = svc.get().db;
  await db.execute(sql.raw(`create or replace function ${TAG}_fail() returns trigger language plpgsql as $$
    begin raise exception 'forced failure for the log test'; end $$`));
  // Fires only for this test's tenants (named after the tag) and users (emails with the tag).
  await db.execute(sql.raw(`create trigger ${TAG}_tenants before update of webhook_secret on tenants
    for each row when (new.name like '${TAG}%') execute function ${TAG}_fail()`));
  await db.execute(sql.raw(`create trigger ${TAG}_users before insert on users
    for each row when (new.email like '${TAG}%') execute function ${TAG}_fail()`));
});
afterAll(async () => {
  const db = svc.get().db;
  await db.execute(sql.raw(`drop trigger if exists ${TAG}_tenants on tenants`));
  await db.execute(sql.raw(`drop trigger if exists ${TAG}_users on users`));
  await db.execute(sql.raw(`drop function if exists ${TAG}_fail()`));
});

function errorLinesSince(start: number): string[] {
  return logged.slice(start).filter((l) => l.includes('"level":"error"'));
}

function expectClean(lines: string[], email: string): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).not.toMatch(/whsec_[A-Za-z0-9]/);
    expect(line).not.toMatch(/\$2[aby]\$/);
    expect(line).not.toMatch(/params:/);
    expect(line.toLowerCase()).not.toContain(email.toLowerCase());
    expect(line).toContain("forced failure for the log test");
  }
}

describe("security", () => {
  it("a failing webhook-secret rotation answers JSON 500 and logs no secret, no email, no parameters", async () => {
    const account = await signup({ company: `${TAG} Ltd`, email: uniqueEmail("rotator") });
    const start = logged.length;
    const res = await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie: account.cookie });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe("internal_error");
    expectClean(errorLinesSince(start), account.user.email);
  });

  it("a failing signup insert answers JSON 500 and logs no email, no password hash, no webhook secret", async () => {
    const email = `${TAG}-${uniqueEmail()}`;
    const start = logged.length;
    const res = await callJson("POST", "/v1/auth/signup", { json: { email, password: "correct horse battery" } });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe("internal_error");
    expectClean(errorLinesSince(start), email);
  });
});

describe("happy", () => {
  it("at LOG_LEVEL info every request writes one line: method, path template (no ids, no tokens), status, time, tenant, request id", async () => {
    const account = await signup();
    const session = await createSessionWith(account.secretKey);
    const start = logged.length;
    const res = await callJson("GET", `/v1/sessions/${session.id}`, { bearer: account.secretKey });
    expect(res.status).toBe(200);
    const lines = logged.slice(start).map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(lines).toEqual([{
      level: "info", time: expect.any(String), msg: "request", requestId: res.headers.get("x-request-id"),
      method: "GET", path: "/v1/sessions/:id", status: 200, ms: expect.any(Number), tenant: expect.any(String),
    }]);
    expect(logged.slice(start).join("")).not.toContain(session.id);
    expect(logged.slice(start).join("")).not.toContain(account.secretKey);
  });

  it("redact masks secrets, keys, tokens, hashes and emails, and cuts Drizzle's params", () => {
    const text = 'Failed query: update "tenants" set "webhook_secret" = $1\nparams: whsec_abc,ten_1,a@b.example';
    expect(redact(text)).toBe('Failed query: update "tenants" set "webhook_secret" = $1');
    expect(redact("key sk_live_abcDEF123 pk_test_x and eyJa.eyJb.sig to a.b+c@d.example.org hash $2a$10$" + "a".repeat(53))).toBe(
      "key sk_live_[redacted] pk_test_[redacted] and [token] to [email] hash [hash]",
    );
    const err = new Error("Failed query: insert\nparams: secret@x.example", { cause: Object.assign(new Error("boom"), { code: "23505", constraint: "users_email_key" }) });
    expect(errorFields(err)).toMatchObject({ error: "Error: Failed query: insert", cause: "boom", sqlstate: "23505", constraint: "users_email_key" });
  });
});
