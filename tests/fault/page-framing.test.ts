/**
 * Pages outside the console: `/demo` (same origin as the console API, signed in with its
 * cookie) and `/docs` send the console's nonce CSP and refuse every frame. Invariant: no site
 * can frame them, and every script they render carries the nonce.
 */
import { describe, expect, it } from "vitest";
import { useAppServer } from "./support/use-app-server";

const server = useAppServer();

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
