/**
 * `/scan`'s `frame-ancestors`, through proxy.ts as Next runs it: our own origin plus the
 * origins of the session the token names, nothing else. Invariant: no origin outside the
 * session's `allowed_origins` (and our own) is ever sent for a page, whatever the query.
 */
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { FRAME_ORIGINS_DEADLINE_MS } from "@/lib/http/scan-framing";
import { setServicesForTests, type Services } from "@/lib/services";
import { signClientToken } from "@/lib/tokens";
import { proxy } from "@/proxy";
import { callJson } from "../support/app";
import { addDomain, signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith } from "../support/sessions";

const svc = useServices();
afterEach(() => resetClock());

async function scanHeaders(query: string): Promise<Headers> {
  const res = await proxy(new NextRequest(`http://localhost:3000/scan${query}`));
  if (!res) throw new Error("the proxy passed /scan through untouched");
  return res.headers;
}

const ancestors = async (query: string) => (await scanHeaders(query)).get("content-security-policy");

/** A tenant allowing `origins`, and a session of it embeddable by `sessionOrigins`. */
async function sessionOf(origins: string[], sessionOrigins = origins) {
  const tenant = await signup();
  for (const origin of origins) await addDomain(tenant.cookie, origin);
  const session = await createSessionWith(tenant.secretKey, { allowed_origins: sessionOrigins });
  return { tenant, session: session as { id: string; client_token: string } };
}

describe("happy", () => {
  it("a session's origins and our own, nothing else; never cached; no X-Frame-Options", async () => {
    const { session } = await sessionOf(["https://shop.example", "https://other-shop.example"], ["https://shop.example"]);
    const headers = await scanHeaders(`?t=${session.client_token}`);
    expect(headers.get("content-security-policy")).toBe("frame-ancestors 'self' https://shop.example");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-frame-options")).toBeNull();
  });

  it("a session created without allowed_origins takes the whole allowlist", async () => {
    const tenant = await signup();
    await addDomain(tenant.cookie, "https://a.example");
    await addDomain(tenant.cookie, "http://localhost:8080");
    const session = await createSessionWith(tenant.secretKey, {});
    expect(await ancestors(`?t=${session.client_token}`)).toBe("frame-ancestors 'self' https://a.example http://localhost:8080");
  });

  it("the console's preview session: our own origin", async () => {
    const tenant = await signup();
    const res = await callJson("POST", "/v1/dashboard/scanner/preview-session", { cookie: tenant.cookie, json: {} });
    expect(res.status).toBe(201);
    expect(await ancestors(`?t=${res.body.client_token}`)).toBe("frame-ancestors 'self' http://localhost:3000");
  });

  it("an expired session keeps its origins (its page says so inside the integrator's frame)", async () => {
    const { session } = await sessionOf(["https://shop.example"]);
    advanceClock(svc.get().config.sessionTtlMs + 60_000);
    expect(await ancestors(`?t=${session.client_token}`)).toBe("frame-ancestors 'self' https://shop.example");
  });
});

describe("security", () => {
  it("another tenant's origins never appear", async () => {
    const a = await sessionOf(["https://shop.example"]);
    const b = await sessionOf(["https://evil.example"]);
    expect(await ancestors(`?t=${a.session.client_token}`)).not.toContain("evil.example");
    expect(await ancestors(`?t=${b.session.client_token}`)).toBe("frame-ancestors 'self' https://evil.example");
  });

  it("no token, a forged or malformed one, an unknown session, a hand-off code: our own origin only", async () => {
    const { session } = await sessionOf(["https://shop.example"]);
    const [head, claims, sig] = session.client_token.split(".");
    const otherSig = `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
    const unknown = signClientToken(svc.get().config, "sess_00000000000000000000", new Date(Date.now() + 60_000));
    const queries = ["", "?t=", `?t=${head}.${claims}.${otherSig}`, `?t=${head}.${claims}`, "?t=x.y.z", `?t=${unknown}`, `?c=${session.id}.AAAAAAAAAAAAAAAA`, `?T=${session.client_token}`];
    for (const query of queries) expect(await ancestors(query), query).toBe("frame-ancestors 'self'");
  });

  it("with both t and c the token decides, as the page does", async () => {
    const { session } = await sessionOf(["https://shop.example"]);
    expect(await ancestors(`?c=${session.id}.AAAAAAAAAAAAAAAA&t=${session.client_token}`)).toBe("frame-ancestors 'self' https://shop.example");
  });
});

describe("errors", () => {
  it("a database that does not answer: our own origin only, within the deadline", async () => {
    const { session } = await sessionOf(["https://shop.example"]);
    const real = svc.get();
    // Every query builder call returns the builder; the query itself never settles.
    const hanging: unknown = new Proxy(() => undefined, { get: (_, key) => (key === "execute" ? () => new Promise(() => {}) : () => hanging) });
    setServicesForTests({ ...real, db: hanging as Services["db"] });
    try {
      const started = performance.now();
      expect(await ancestors(`?t=${session.client_token}`)).toBe("frame-ancestors 'self'");
      // At the deadline, not never: the margin is for a loaded machine's late timers.
      expect(performance.now() - started).toBeLessThan(FRAME_ORIGINS_DEADLINE_MS * 2.5);
    } finally {
      setServicesForTests(real);
    }
    expect(await ancestors(`?t=${session.client_token}`)).toBe("frame-ancestors 'self' https://shop.example");
  });
});
