/**
 * Pages outside the console: `/demo` (same origin as the console API, signed in with its
 * cookie) and `/docs` send the console's nonce CSP and refuse every frame. Invariant: no site
 * can frame them, and every script they render carries the nonce.
 * `/scan` is framable by our own origin and by the origins of the session its `?t=` names,
 * and by nothing else (checked here against the built app, proxy and all).
 */
import { describe, expect, it } from "vitest";
import { useAppServer } from "./support/use-app-server";

const server = useAppServer();

/** A fresh tenant allowing `origin`, and a session of it embeddable by `origin`. */
async function sessionFor(origin: string) {
  const { api, account } = server;
  const { cookie, secretKey } = await account();
  expect((await api("POST", "/v1/dashboard/domains", { domain: origin }, { cookie })).status).toBe(201);
  const created = await api("POST", "/v1/sessions", { allowed_origins: [origin] }, { authorization: `Bearer ${secretKey}` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; client_token: string; scan_url: string };
}

const scan = (query: string) => fetch(`${server.baseUrl}/scan${query}`, { redirect: "manual" });

describe("security", () => {
  it.each(["/demo", "/docs"])("%s cannot be framed and runs only nonce'd scripts", async (path) => {
    const res = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{20,})' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce, csp).toBeDefined();
    const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe("security: /scan", () => {
  it("is framable by its session's origins and our own, nothing else, and renders", async () => {
    const [shop, other] = await Promise.all([sessionFor("https://shop.example"), sessionFor("https://other.example")]);
    const res = await fetch(shop.scan_url, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<html");
    expect(res.headers.get("content-security-policy")).toBe("frame-ancestors 'self' https://shop.example");
    expect(res.headers.get("x-frame-options")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await scan(`?t=${other.client_token}`)).headers.get("content-security-policy")).toBe("frame-ancestors 'self' https://other.example");
  });

  it("a forged token, no token or a hand-off code: our own origin only, and the page still renders", async () => {
    const { id, client_token } = await sessionFor("https://shop.example");
    const [head, claims, sig] = client_token.split(".");
    const forged = `${head}.${claims}.${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
    for (const query of [`?t=${forged}`, "", `?c=${id}.AAAAAAAAAAAAAAAA`]) {
      const res = await scan(query);
      expect(res.status, query).toBe(200);
      expect(res.headers.get("content-security-policy"), query).toBe("frame-ancestors 'self'");
      expect(res.headers.get("x-frame-options"), query).toBeNull();
    }
  });

  it("the scanner's assets under /scan/… skip the proxy", async () => {
    const res = await fetch(`${server.baseUrl}/scan/not-there`, { redirect: "manual" });
    expect(res.headers.get("content-security-policy")).toBeNull();
  });
});
