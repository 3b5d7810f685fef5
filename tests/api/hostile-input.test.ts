/**
 * Every route of the app, every method, against hostile input, with no credentials, a
 * console cookie and a secret key: the answer is always JSON (or an empty 204/405 body),
 * never a 5xx. Endpoint files test their own codes; this sweep guards the routes nobody
 * thought to attack and every route added later.
 */
import { describe, expect, it } from "vitest";
import { call, routePaths } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";

useServices({ RATE_LIMIT_MAX: "100000" });

const MB = "a".repeat(1024 * 1024);
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
];
const QUERIES = ["", "?t=%00&c=..&limit=-1&days=abc&exp=1e999&sig=%FF&key=../../etc/passwd", `?t=${"x".repeat(5000)}&limit=99999999999999999999`];
const IDS = ["x", "%E2%9C%93", "..%2F..", "a".repeat(500), "__proto__"];

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
