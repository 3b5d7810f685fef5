/**
 * Every route of the app, every method, against hostile input, with no credentials, a
 * console cookie and a secret key: the answer is always JSON (or an empty 204/405 body),
 * never a 5xx. Endpoint files test their own codes; this sweep guards the routes nobody
 * thought to attack and every route added later.
 */
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/http";
import { call, callJson, routePaths } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";

useServices({ RATE_LIMIT_MAX: "100000" });

const MB = "a".repeat(1024 * 1024);
/** `{"a":{"a":...{}}}`, `levels` objects deep. */
function deep(levels: number, leaf = "{}"): string {
  return `${'{"a":'.repeat(levels)}${leaf}${"}".repeat(levels)}`;
}
/** Values each route would accept, each carrying a NUL: the database must never see them. */
const PLAUSIBLE_WITH_NUL = {
  email: "nul\u0000@example.com", password: "correct horse\u0000battery", name: "Key\u0000", company: "Co\u0000",
  kind: "secret", mode: "test", domain: "https://a\u0000.example", theme_mode: "dark", scanner_id: "prof_\u0000",
  metadata: { "k\u0000": "v\u0000" }, scanner: { theme: { brandName: "B\u0000" } }, theme: { brandName: "B\u0000" },
  callback_url: "https://hooks.example/\u0000", url: "https://hooks.example/\u0000", events: ["scan.completed"],
  session: "tok\u0000", pages: 1, payload: "JVBERi0\u0000", reason: "scan_error", make_default: false,
};
const WRONG_TYPES = JSON.stringify({
  email: 5, password: [], name: {}, company: 7, amount: "500", domain: {}, kind: 1, mode: [], theme_mode: 9,
  scanner: "x", scanner_id: 3, metadata: [], allowed_origins: "x", callback_url: 7, url: 7, events: "x",
  session: {}, pages: "many", payload: 12, reason: [], make_default: "yes",
});
const BODIES: [string, string, string][] = [
  ["malformed JSON", "{", "application/json"],
  ["array body", "[1,2]", "application/json"],
  ["prototype keys", '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}},"prototype":1}', "application/json"],
  ["wrong types", WRONG_TYPES, "application/json"],
  ["1 MB string", JSON.stringify({ name: MB, email: MB, domain: MB, session: MB }), "application/json"],
  ["wrong content type", "a=1&b=2", "application/x-www-form-urlencoded"],
  ["unicode and NUL", JSON.stringify({ name: "\u0000\ud800💥", domain: "\u202e.com", session: "\u0000" }), "application/json"],
  ["NUL in plausible values", JSON.stringify(PLAUSIBLE_WITH_NUL), "application/json"],
  ["lone surrogates", JSON.stringify(PLAUSIBLE_WITH_NUL).replaceAll("\\u0000", "\\ud800"), "application/json"],
  ["JSON 10,000 deep in every object field", `{"metadata":${deep(10_000)},"scanner":${deep(10_000)},"theme":${deep(10_000)}}`, "application/json"],
  ["JSON 10,000 deep arrays", `{"events":${"[".repeat(10_000)}${"]".repeat(10_000)}}`, "application/json"],
];
const QUERIES = ["", "?t=%00&c=..&limit=-1&days=abc&exp=1e999&sig=%FF&key=../../etc/passwd", `?t=${"x".repeat(5000)}&limit=99999999999999999999`];
/**
 * One hostile value per list filter, each alone (the other filters absent, so valid): a filter
 * that reaches the database unchecked answers 500 here, which a query refused for its other
 * fields would hide. Cursors are forged as the service encodes them (base64url of [time, id]).
 */
const forgedCursor = (time: string, id: string) => Buffer.from(JSON.stringify([time, id])).toString("base64url");
const FILTER_QUERIES = [
  "?q=%00", "?q=%ED%A0%80", `?q=${"%25_".repeat(300)}`, "?q=a%27%22%5C",
  "?from=0000-01-01", "?to=9999-12-31", "?from=2026-02-31", "?from=2026-13-01&to=-1",
  `?cursor=${forgedCursor("0000-01-01T00:00:00Z", "x")}`, `?cursor=${forgedCursor("2026-01-01T00:00:00Z", "a\u0000")}`, "?cursor=%FF%FE",
  "?status=%00", "?mode=live%00", "?source=x&preview=maybe",
];
const IDS = ["x", "%E2%9C%93", "..%2F..", "a".repeat(500), "__proto__", "%00", "sess_%00x"];

/** Concrete paths for a route template: each dynamic segment filled with hostile ids. */
function concretePaths(template: string): string[] {
  if (!template.includes("[")) return [template];
  return IDS.map((id) => template.replace(/\[\.\.\.\w+\]/, `${id}/deeper`).replace(/\[\w+\]/g, id));
}

function expectClientAnswer(res: Response, text: string, label: string): void {
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
    expect(typeof JSON.parse(text).error, label).toBe("string");
  }
  expect(res.headers.get("x-request-id"), label).toBeTruthy();
}

const routes = routePaths().filter((p) => p.startsWith("/v1"));

describe("security", () => {
  it("finds every /v1 route", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  for (const template of routes) {
    it(`${template} answers hostile input with a JSON 4xx, never a 5xx`, async () => {
      const account = await signup();
      const credentials = [{}, { cookie: account.cookie }, { bearer: account.secretKey }];
      for (const path of concretePaths(template)) {
        for (const auth of credentials) {
          for (const query of QUERIES) {
            for (const method of ["GET", "DELETE"]) {
              const res = await call(method, `${path}${query}`, auth);
              expectClientAnswer(res, await res.text(), `${method} ${path}${query.slice(0, 40)}`);
            }
          }
          // Filters belong to lists, and lists have no id in their path.
          for (const query of template.includes("[") ? [] : FILTER_QUERIES) {
            const res = await call("GET", `${path}${query}`, auth);
            expectClientAnswer(res, await res.text(), `GET ${path}${query.slice(0, 40)}`);
          }
          for (const method of ["POST", "PUT", "PATCH"]) {
            for (const [label, body, type] of BODIES) {
              const res = await call(method, path, { ...auth, body, headers: { "content-type": type } });
              expectClientAnswer(res, await res.text(), `${method} ${path} ${label}`);
            }
          }
        }
      }
    });
  }
});

describe("errors", () => {
  const NUL_MESSAGE = /NUL or unpaired surrogate/;

  it("a NUL or an unpaired surrogate in any JSON string is 400 invalid_request at that field", async () => {
    const account = await signup();
    const cookie = account.cookie;
    const sk = account.secretKey;
    const cases: [string, string, Record<string, unknown>, { cookie?: string; bearer?: string }, string][] = [
      ["POST", "/v1/dashboard/keys", { name: "ci\u0000", kind: "secret", mode: "test" }, { cookie }, "name"],
      ["POST", "/v1/dashboard/scanner/profiles", { name: "p\u0000" }, { cookie }, "name"],
      ["PUT", "/v1/dashboard/scanner", { theme: { brandName: "B\u0000" } }, { cookie }, "theme.brandName"],
      ["POST", "/v1/dashboard/domains", { domain: "https://a\u0000.example" }, { cookie }, "domain"],
      ["PUT", "/v1/dashboard/webhook", { url: "https://hooks.example/\u0000" }, { cookie }, "url"],
      ["PUT", "/v1/dashboard/settings", { theme_mode: "\ud800" }, { cookie }, "theme_mode"],
      ["POST", "/v1/auth/login", { email: "a\u0000@example.com", password: "correct horse battery" }, {}, "email"],
      ["POST", "/v1/auth/signup", { email: "fresh@example.com", password: "correct horse\u0000battery" }, {}, "password"],
      ["POST", "/v1/sessions", { scanner_id: "prof_\u0000" }, { bearer: sk }, "scanner_id"],
      ["POST", "/v1/sessions", { metadata: { order: { note: "\udc00x" } } }, { bearer: sk }, "metadata.order.note"],
      ["POST", "/v1/sessions", { metadata: { ["k\u0000"]: 1 } }, { bearer: sk }, "metadata.k\ufffd"],
      ["POST", "/v1/sessions", { scanner: { watermark: { text: "\u0000" } } }, { bearer: sk }, "scanner.watermark.text"],
    ];
    for (const [method, path, json, auth, field] of cases) {
      const res = await callJson(method, path, { ...auth, json });
      expect(res.status, `${method} ${path} ${field}`).toBe(400);
      expect(res.body.error).toBe("invalid_request");
      expect(res.body.fields?.[field], `${method} ${path}: ${JSON.stringify(res.body.fields)}`).toMatch(NUL_MESSAGE);
    }
  });

  it("a NUL in an id is 404 not_found; query values follow their route's own rule", async () => {
    const account = await signup();
    for (const [method, path, auth] of [
      ["GET", "/v1/sessions/%00", { bearer: account.secretKey }],
      ["GET", "/v1/sessions/sess_%00/status?t=x", {}],
      ["DELETE", "/v1/dashboard/keys/key_%00", { cookie: account.cookie }],
      ["PUT", "/v1/dashboard/scanner/profiles/%00", { cookie: account.cookie, json: { name: "x" } }],
      ["DELETE", "/v1/dashboard/scanner/profiles/%00", { cookie: account.cookie }],
      ["POST", "/v1/dashboard/webhook/deliveries/%00/replay", { cookie: account.cookie }],
      ["GET", "/v1/files/file_%00?exp=1&sig=x", {}],
    ] as const) {
      const res = await callJson(method, path, auth);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("not_found");
    }
    // Query values are each route's own: a NUL limit is an invalid number, a NUL days falls back.
    const res = await callJson("GET", "/v1/dashboard/sessions?limit=%00", { cookie: account.cookie });
    expect([res.status, res.body.error, Object.keys(res.body.fields)]).toEqual([400, "invalid_request", ["limit"]]);
    expect((await callJson("GET", "/v1/dashboard/analytics?days=%00", { cookie: account.cookie })).body.days).toBe(30);
  });

  it("JSON nested deeper than the limit is 400 invalid_request before parsing, in every JSON field; shallow nesting passes", async () => {
    const account = await signup();
    const { cookie, secretKey: sk } = account;
    // With the token in the header the upload parses its body whole; a body token is checked as it arrives.
    const token = (await callJson("POST", "/v1/sessions", { bearer: sk, json: {} })).body.client_token as string;
    const bodies: [string, string, string, { cookie?: string; bearer?: string; headers?: Record<string, string> }][] = [
      ["POST", "/v1/sessions", `{"metadata":${deep(10_000)}}`, { bearer: sk }],
      ["POST", "/v1/sessions", `{"scanner":{"theme":${deep(20_000)}}}`, { bearer: sk }],
      ["POST", "/v1/sessions", `{"allowed_origins":${"[".repeat(5000)}${"]".repeat(5000)}}`, { bearer: sk }],
      ["PUT", "/v1/dashboard/scanner", `{"theme":${deep(5000)}}`, { cookie }],
      ["POST", "/v1/dashboard/scanner/profiles", `{"name":"deep","scanner":${deep(5000)}}`, { cookie }],
      ["POST", "/v1/scanner/upload", `{"payload":${deep(5000)}}`, { headers: { "x-client-token": token } }],
      ["POST", "/v1/sessions", `{"metadata":${deep(MAX_JSON_DEPTH)}}`, { bearer: sk }],
    ];
    for (const [method, path, body, auth] of bodies) {
      const res = await callJson(method, path, { ...auth, body, headers: { "content-type": "application/json", ...auth.headers } });
      expect(res.status, `${method} ${path} ${body.slice(0, 30)}`).toBe(400);
      expect(res.body.error).toBe("invalid_request");
      expect(res.body.fields.body).toMatch(/nest deeper than/);
    }
    // Metadata has its own, smaller depth rule (20 levels); below it, nesting passes.
    const ok = await callJson("POST", "/v1/sessions", { bearer: sk, body: `{"metadata":${deep(18)}}`, headers: { "content-type": "application/json" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // Brackets inside strings are text, not nesting.
    const text = await callJson("POST", "/v1/sessions", { bearer: sk, json: { metadata: { note: "[".repeat(10_000) + "{".repeat(100) } } });
    expect(text.status).toBe(201);
  });

  it("a JSON body over the size cap is 400 invalid_request, streamed or declared", async () => {
    const account = await signup();
    const big = JSON.stringify({ metadata: { blob: "x".repeat(300 * 1024) } });
    const res = await callJson("POST", "/v1/sessions", { bearer: account.secretKey, body: big, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.fields.body).toMatch(/at most/);
  });
});
