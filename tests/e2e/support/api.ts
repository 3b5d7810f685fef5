/** Talks to the running app over real HTTP, as an integrator's server would. */
import { randomUUID } from "node:crypto";
import { baseUrl } from "./server";

export interface Tenant {
  cookie: string;
  tenant: { id: string; credits: number };
  publishableKey: string;
  secretKey: string;
}

async function request(method: string, path: string, init: { json?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Signs up a fresh tenant and creates a publishable and a secret test key. */
export async function newTenant(): Promise<Tenant> {
  // Each tenant signs up from its own address, as real users do: the signup throttle counts
  // per client address (10 per 15 minutes), and the suite makes more tenants than that. The
  // e2e server trusts one proxy hop (TRUSTED_PROXY_HOPS=1), so this entry is the address.
  const signup = await request("POST", "/v1/auth/signup", {
    json: { email: `e2e-${randomUUID()}@example.com`, password: "correct horse battery", company: "E2E Ltd" },
    headers: { "x-forwarded-for": randomTestIp() },
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0];
  const key = async (kind: string) => {
    const res = await request("POST", "/v1/dashboard/keys", { json: { name: `e2e ${kind}`, kind, mode: "test" }, headers: { cookie } });
    if (res.status !== 201) throw new Error(`key creation answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.secret as string;
  };
  return { cookie, tenant: signup.body.tenant, publishableKey: await key("publishable"), secretKey: await key("secret") };
}

/** An address from TEST-NET-2 (RFC 5737), never routed. */
function randomTestIp(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
}

/** Adds an origin to the tenant's allowlist. */
export async function allowOrigin(tenant: Tenant, origin: string): Promise<void> {
  const res = await request("POST", "/v1/dashboard/domains", { json: { domain: origin }, headers: { cookie: tenant.cookie } });
  if (res.status !== 201) throw new Error(`adding ${origin} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** `POST /v1/sessions` with a secret key. */
export async function createSession(secretKey: string, body: Record<string, unknown> = {}) {
  const res = await request("POST", "/v1/sessions", { json: body, headers: { authorization: `Bearer ${secretKey}` } });
  if (res.status !== 201) throw new Error(`session creation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; mode: string; client_token: string; scan_url: string; expires_at: string };
}

/** `GET /v1/sessions/:id` with a secret key. */
export async function readSession(secretKey: string, id: string) {
  return request("GET", `/v1/sessions/${id}`, { headers: { authorization: `Bearer ${secretKey}` } });
}

export { request as api };
