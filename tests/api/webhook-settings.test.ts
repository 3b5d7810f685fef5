import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { call, callJson } from "../support/app";
import { useServices } from "../support/services";
import { seedTenant } from "../support/webhook-fixtures";

const svc = useServices();
const MASKED = /^whsec_\*{4}[A-Za-z0-9_-]{4}$/;

async function storedSettings(tenantId: string) {
  const [row] = await svc.get().db.select().from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return { url: row.webhookUrl, events: row.webhookEvents, secret: row.webhookSecret };
}

describe("happy", () => {
  it("GET shows no endpoint, the default subscription and a masked secret", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const res = await callJson("GET", "/v1/dashboard/webhook", { cookie });
    expect(res.status).toBe(200);
    const stored = await storedSettings(tenantId);
    expect(res.body).toEqual({ url: "", events: ["scan.completed"], secret: `whsec_****${stored.secret.slice(-4)}` });
    expect(res.body.secret).toMatch(MASKED);
  });

  it("PUT saves url and events (deduplicated, in the spec's order) and GET reads them back", async () => {
    const { cookie } = await seedTenant(svc.get().db);
    const put = await callJson("PUT", "/v1/dashboard/webhook", {
      cookie,
      json: { url: "https://hooks.example.com/docscan", events: ["test.ping", "scan.failed", "scan.completed", "scan.failed"] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ url: "https://hooks.example.com/docscan", events: ["scan.completed", "scan.failed", "test.ping"], secret: expect.stringMatching(MASKED) });
    expect((await callJson("GET", "/v1/dashboard/webhook", { cookie })).body).toEqual(put.body);
  });

  it("empty events means [scan.completed]; empty url clears the endpoint", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db, { url: "https://a.example.com/h", events: ["scan.failed"] });
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url: "", events: [] } });
    expect(res.body).toMatchObject({ url: "", events: ["scan.completed"] });
    expect(await storedSettings(tenantId)).toMatchObject({ url: null, events: ["scan.completed"] });
  });

  it("omitted fields keep their saved values; an empty body changes nothing", async () => {
    const { cookie } = await seedTenant(svc.get().db, { url: "https://a.example.com/h", events: ["scan.failed"] });
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { events: ["scan.completed"] } })).body).toMatchObject({ url: "https://a.example.com/h", events: ["scan.completed"] });
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url: "https://b.example.com/h" } })).body).toMatchObject({ url: "https://b.example.com/h", events: ["scan.completed"] });
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie })).body).toMatchObject({ url: "https://b.example.com/h", events: ["scan.completed"] });
  });

  it.each(["http://localhost:4000/hook", "http://127.0.0.1:4000/hook", "http://[::1]:4000/hook", "  https://trim.example.com/h  "])(
    "accepts %s (http only for the loopback names)",
    async (url) => {
      const { cookie } = await seedTenant(svc.get().db);
      const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url } });
      expect(res.status).toBe(200);
      expect(res.body.url).toBe(url.trim());
    },
  );

  it("rotate-secret answers 201 with the full new whsec_ value once; reads show it masked", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const before = (await storedSettings(tenantId)).secret;
    const res = await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["secret"]);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.secret).not.toBe(before);
    expect((await storedSettings(tenantId)).secret).toBe(res.body.secret);
    const read = await callJson("GET", "/v1/dashboard/webhook", { cookie });
    expect(read.body.secret).toBe(`whsec_****${res.body.secret.slice(-4)}`);
    const again = await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie });
    expect(again.body.secret).not.toBe(res.body.secret);
  });
});

describe("errors", () => {
  const badUrls: [string, unknown, RegExp][] = [
    ["plain http to a public host", "http://example.com/h", /https/],
    ["http to 10.0.0.1", "http://10.0.0.1/h", /https/],
    ["ftp", "ftp://example.com/h", /https/],
    ["a relative URL", "/hook", /absolute/],
    ["credentials", "https://u:p@example.com/h", /credentials/],
    ["a number", 42, /must be a string/],
    ["null", null, /must be a string/],
    ["an array", ["https://a.example.com"], /must be a string/],
    ["3000 characters", `https://example.com/${"x".repeat(3000)}`, /2048/],
  ];
  it.each(badUrls)("url as %s → 400 invalid_request with fields.url; nothing saved", async (_name, url, message) => {
    const { tenantId, cookie } = await seedTenant(svc.get().db, { url: "https://keep.example.com/h" });
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url, events: ["scan.failed"] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields)).toEqual(["url"]);
    expect(res.body.fields.url).toMatch(message);
    expect(await storedSettings(tenantId)).toMatchObject({ url: "https://keep.example.com/h", events: ["scan.completed"] });
  });

  it.each([
    ["an unknown event", ["scan.completed", "scan.started"]],
    ["a string", "scan.completed"],
    ["an object", { 0: "scan.completed" }],
    ["numbers", [1, 2]],
    ["too many", Array(20).fill("scan.completed")],
    ["case variants", ["SCAN.COMPLETED"]],
  ])("events as %s → fields.events", async (_name, events) => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { events } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["events"]);
    expect((await storedSettings(tenantId)).events).toEqual(["scan.completed"]);
  });

  it("reports url and events problems together, and unknown keys by name", async () => {
    const { cookie } = await seedTenant(svc.get().db);
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url: "http://x.example", events: ["nope"], secret: "whsec_mine" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["events", "secret", "url"]);
  });

  it.each([
    ["malformed JSON", '{"url": '],
    ["a JSON array", "[]"],
    ["a JSON string", '"https://a.example.com"'],
    ["null", "null"],
  ])("%s → 400 invalid_request with fields.body", async (_name, raw) => {
    const { tenantId, cookie } = await seedTenant(svc.get().db, { url: "https://keep.example.com/h" });
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, body: raw, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_request", fields: { body: expect.any(String) } });
    expect((await storedSettings(tenantId)).url).toBe("https://keep.example.com/h");
  });

  it("a 1 MB body → 400 and nothing saved", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url: `https://a.example.com/${"é".repeat(500_000)}` } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect((await storedSettings(tenantId)).url).toBeNull();
  });

  it("a unicode host is accepted in its punycode form only as given (no silent rewrite)", async () => {
    const { cookie } = await seedTenant(svc.get().db);
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, json: { url: "https://bücher.example/hook" } });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe("https://bücher.example/hook");
  });

  it.each([
    ["/v1/dashboard/webhook", ["POST", "PATCH", "DELETE"], "GET, PUT"],
    ["/v1/dashboard/webhook/rotate-secret", ["GET", "PUT", "DELETE"], "POST"],
  ])("%s answers 405 with Allow for other methods", async (path, verbs, allow) => {
    const { cookie } = await seedTenant(svc.get().db);
    for (const method of verbs) {
      const res = await callJson(method, path, { cookie });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
    }
  });
});

describe("security", () => {
  it.each([
    ["GET", "/v1/dashboard/webhook"],
    ["PUT", "/v1/dashboard/webhook"],
    ["POST", "/v1/dashboard/webhook/rotate-secret"],
  ])("%s %s without a valid console cookie → 401 unauthorized", async (method, path) => {
    for (const cookie of [undefined, "sc_session=forged", "sc_session="]) {
      const res = await callJson(method, path, { cookie, json: method === "GET" ? undefined : { url: "https://a.example.com/h" } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
  });

  it("a cross-origin PUT or rotation is refused and changes nothing", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const before = await storedSettings(tenantId);
    const headers = { origin: "https://evil.example" };
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie, headers, json: { url: "https://evil.example/h" } })).body.error).toBe("origin_not_allowed");
    expect((await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie, headers })).body.error).toBe("origin_not_allowed");
    expect(await storedSettings(tenantId)).toEqual(before);
  });

  it("tenants never see or change each other's settings", async () => {
    const a = await seedTenant(svc.get().db, { url: "https://a.example.com/h" });
    const b = await seedTenant(svc.get().db);
    await callJson("PUT", "/v1/dashboard/webhook", { cookie: b.cookie, json: { url: "https://b.example.com/h" } });
    await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie: b.cookie });
    expect((await storedSettings(a.tenantId)).url).toBe("https://a.example.com/h");
    expect((await callJson("GET", "/v1/dashboard/webhook", { cookie: a.cookie })).body.url).toBe("https://a.example.com/h");
  });

  it("the full secret never appears in GET or PUT responses", async () => {
    const { tenantId, cookie } = await seedTenant(svc.get().db);
    const { secret } = await storedSettings(tenantId);
    for (const res of [await call("GET", "/v1/dashboard/webhook", { cookie }), await call("PUT", "/v1/dashboard/webhook", { cookie, json: {} })]) {
      expect(await res.text()).not.toContain(secret);
    }
  });

  it("__proto__ and constructor keys are refused as unknown fields and pollute nothing", async () => {
    const { cookie } = await seedTenant(svc.get().db);
    const raw = '{"__proto__": {"url": "https://evil.example"}, "constructor": {"prototype": {"x": 1}}}';
    const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie, body: raw, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).url).toBeUndefined();
    expect((await callJson("GET", "/v1/dashboard/webhook", { cookie })).body.url).toBe("");
  });
});
