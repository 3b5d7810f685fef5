import { describe, expect, it } from "vitest";
import { callJson } from "../support/app";
import { addDomain, expectConsoleAuthRequired, expectCrossOriginRefused, signup } from "../support/factories";
import { useServices } from "../support/services";

useServices();

const list = async (cookie: string) => {
  const res = await callJson("GET", "/v1/dashboard/domains", { cookie });
  expect(res.status).toBe(200);
  return res.body.domains as string[];
};
const add = (cookie: string, json: unknown) => callJson("POST", "/v1/dashboard/domains", { cookie, json });
const remove = (cookie: string, json: unknown) => callJson("POST", "/v1/dashboard/domains/remove", { cookie, json });

describe("happy", () => {
  it("starts empty, adds normalised origins in order and lists them", async () => {
    const a = await signup();
    expect(await list(a.cookie)).toEqual([]);
    const res = await add(a.cookie, { domain: "Shop.Example.com/checkout?x=1#top" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ domains: ["https://shop.example.com"] });
    await addDomain(a.cookie, "http://localhost:3000");
    await addDomain(a.cookie, "https://user:pw@bücher.de:443/path");
    await addDomain(a.cookie, "https://example.com:8443");
    expect(await list(a.cookie)).toEqual(["https://shop.example.com", "http://localhost:3000", "https://xn--bcher-kva.de", "https://example.com:8443"]);
  });

  it("remove matches the normalised form", async () => {
    const a = await signup();
    await addDomain(a.cookie, "example.com");
    await addDomain(a.cookie, "other.example");
    const res = await remove(a.cookie, { domain: "HTTPS://EXAMPLE.COM:443/some/path" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ domains: ["https://other.example"] });
    expect(await list(a.cookie)).toEqual(["https://other.example"]);
  });

  it("the allowlist is the tenant's allowed_origins", async () => {
    const a = await signup();
    await addDomain(a.cookie, "app.example.org");
    expect((await callJson("GET", "/v1/auth/me", { cookie: a.cookie })).body.tenant.allowed_origins).toEqual(["https://app.example.org"]);
  });

  it("20 concurrent adds lose no entry", async () => {
    const a = await signup();
    const domains = Array.from({ length: 20 }, (_, i) => `site${i}.example.com`);
    const results = await Promise.all(domains.map((domain) => add(a.cookie, { domain })));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await list(a.cookie)).sort()).toEqual(domains.map((d) => `https://${d}`).sort());
  });

  it("concurrent adds of one origin: exactly one succeeds", async () => {
    const a = await signup();
    const results = await Promise.all(Array.from({ length: 10 }, () => add(a.cookie, { domain: "dup.example.com" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
    expect(await list(a.cookie)).toEqual(["https://dup.example.com"]);
  });
});

describe("errors", () => {
  it("a duplicate (after normalisation) is 400 invalid_request and the list is unchanged", async () => {
    const a = await signup();
    await addDomain(a.cookie, "example.com");
    const res = await add(a.cookie, { domain: "https://EXAMPLE.com/other" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields).toHaveProperty("domain");
    expect(await list(a.cookie)).toEqual(["https://example.com"]);
  });

  it.each(["*", "*.example.com", "https://*.example.com", "ftp://example.com", "javascript:alert(1)", "file:///etc/passwd", "exa mple.com", "example..com", "https://", "http://[::1", "%%%", "under_score.example.com"])(
    "refuses %j with fields.domain",
    async (domain) => {
      const a = await signup();
      const res = await add(a.cookie, { domain });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
      expect(res.body.fields).toHaveProperty("domain");
      expect(await list(a.cookie)).toEqual([]);
    },
  );

  it.each([
    ["missing", {}],
    ["number", { domain: 5 }],
    ["array", { domain: ["example.com"] }],
    ["object", { domain: { host: "example.com" } }],
    ["null", { domain: null }],
    ["empty", { domain: "" }],
    ["too long", { domain: `${"a".repeat(3000)}.com` }],
    ["unknown field", { domain: "example.com", wildcard: true }],
  ])("add with %s domain → 400 invalid_request, list unchanged", async (_l, json) => {
    const a = await signup();
    const res = await add(a.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).length).toBeGreaterThan(0);
    expect(await list(a.cookie)).toEqual([]);
  });

  it.each([
    ["array body", "[]"],
    ["malformed JSON", '{"domain":'],
    ["__proto__ key", '{"domain":"example.com","__proto__":{"x":1}}'],
    ["constructor key", '{"domain":"example.com","constructor":{"prototype":{}}}'],
    ["1 MB string", JSON.stringify({ domain: `${"a".repeat(1024 * 1024)}.com` })],
  ])("%s → 400 and the list is unchanged", async (_l, body) => {
    const a = await signup();
    for (const path of ["/v1/dashboard/domains", "/v1/dashboard/domains/remove"]) {
      const res = await callJson("POST", path, { cookie: a.cookie, body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect(await list(a.cookie)).toEqual([]);
  });

  it("removing an origin that is not listed is 404 not_found; an invalid one is 400", async () => {
    const a = await signup();
    await addDomain(a.cookie, "example.com");
    const missing = await remove(a.cookie, { domain: "http://example.com" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("not_found");
    const invalid = await remove(a.cookie, { domain: "*" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toHaveProperty("domain");
    expect(await list(a.cookie)).toEqual(["https://example.com"]);
  });

  it.each([
    ["GET", "/v1/dashboard/domains"],
    ["POST", "/v1/dashboard/domains"],
    ["POST", "/v1/dashboard/domains/remove"],
  ])("%s %s without a valid cookie → 401 unauthorized", async (method, path) => {
    await expectConsoleAuthRequired(method, path, { domain: "example.com" });
  });

  it.each([
    ["DELETE", "/v1/dashboard/domains"],
    ["GET", "/v1/dashboard/domains/remove"],
  ])("%s %s → 405", async (method, path) => {
    const a = await signup();
    expect((await callJson(method, path, { cookie: a.cookie })).status).toBe(405);
  });
});

describe("security", () => {
  it("tenants never see or remove each other's origins", async () => {
    const a = await signup();
    const b = await signup();
    await addDomain(a.cookie, "a.example.com");
    expect(await list(b.cookie)).toEqual([]);
    const res = await remove(b.cookie, { domain: "a.example.com" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
    expect(await list(a.cookie)).toEqual(["https://a.example.com"]);
    // B adding the same origin is independent of A's list.
    await addDomain(b.cookie, "a.example.com");
    expect(await list(a.cookie)).toEqual(["https://a.example.com"]);
  });

  it("cross-origin add and remove are refused and change nothing", async () => {
    const a = await signup();
    await addDomain(a.cookie, "keep.example.com");
    await expectCrossOriginRefused("POST", "/v1/dashboard/domains", a.cookie, { domain: "evil.example" });
    await expectCrossOriginRefused("POST", "/v1/dashboard/domains/remove", a.cookie, { domain: "keep.example.com" });
    expect(await list(a.cookie)).toEqual(["https://keep.example.com"]);
  });
});
