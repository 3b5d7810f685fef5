/**
 * Shared fixtures: a fresh tenant per call, made through the real HTTP routes (no direct
 * inserts, no truncation), so tests stay parallel-safe on both backends.
 * Other engineers: add your functions at the END of this file, in your own section.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TenantView, UserView } from "@/lib/accounts/views";
import type { CreditsView } from "@/lib/credits";
import { callJson } from "./app";

export interface SignedUp {
  /** Ready for `call(..., { cookie })`: `sc_session=<value>`. */
  cookie: string;
  user: UserView;
  tenant: TenantView;
  /** Full values of a fresh publishable and secret *test* key of this tenant. */
  publishableKey: string;
  secretKey: string;
}

/** A unique, valid email address for one test. */
export function uniqueEmail(tag = "user"): string {
  return `${tag}-${randomUUID()}@example.com`;
}

/** The `name=value` part of a `Set-Cookie` header for the console cookie. */
export function cookieFrom(setCookie: string | null): string {
  const match = /(?:^|,\s*)(sc_session=[^;]*)/.exec(setCookie ?? "");
  if (!match) throw new Error(`no sc_session cookie in ${setCookie}`);
  return match[1];
}

/**
 * Signs up a new account through `POST /v1/auth/signup` and creates one publishable and
 * one secret test key (signup's own keys are never shown in full, by design).
 */
export async function signup(overrides: { email?: string; password?: string; name?: string; company?: string } = {}): Promise<SignedUp> {
  const json = { email: uniqueEmail(), password: "correct horse battery", ...overrides };
  const res = await callJson("POST", "/v1/auth/signup", { json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const cookie = cookieFrom(res.headers.get("set-cookie"));
  const publishableKey = await createKeyValue(cookie, "publishable");
  const secretKey = await createKeyValue(cookie, "secret");
  return { cookie, user: res.body.user, tenant: res.body.tenant, publishableKey, secretKey };
}

async function createKeyValue(cookie: string, kind: "publishable" | "secret"): Promise<string> {
  const res = await callJson("POST", "/v1/dashboard/keys", { cookie, json: { name: `factory ${kind}`, kind, mode: "test" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.secret as string;
}

/** A random documentation-range client address, so throttle counters never collide across tests or runs. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Every console route: no cookie, an unknown cookie and a non-console value all give `401 unauthorized`. */
export async function expectConsoleAuthRequired(method: string, path: string, json: unknown = {}): Promise<void> {
  for (const cookie of [undefined, "sc_session=not-a-real-session", `sc_session=${"x".repeat(500)}`, "other=1"]) {
    const res = await callJson(method, path, { cookie, json: method === "GET" ? undefined : json });
    expect(res.status, `${method} ${path} with ${cookie}`).toBe(401);
    expect(res.body.error).toBe("unauthorized");
  }
}

/** A console mutation from another site's page is refused (CSRF defence) with `403 origin_not_allowed`. */
export async function expectCrossOriginRefused(method: string, path: string, cookie: string | undefined, json: unknown = {}): Promise<void> {
  for (const origin of ["https://evil.example", "http://localhost:3001", "null"]) {
    const res = await callJson(method, path, { cookie, json, headers: { origin } });
    expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
    expect(res.body.error).toBe("origin_not_allowed");
  }
}

/** Adds an origin to the tenant's allowlist; returns the resulting `domains`. */
export async function addDomain(cookie: string, domain: string): Promise<string[]> {
  const res = await callJson("POST", "/v1/dashboard/domains", { cookie, json: { domain } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.domains as string[];
}

/** Buys a credit pack (500, 2500, 10000 or 50000); returns the credits read after it. */
export async function topUp(cookie: string, amount: number): Promise<CreditsView> {
  const res = await callJson("POST", "/v1/dashboard/credits/topup", { cookie, json: { amount } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
