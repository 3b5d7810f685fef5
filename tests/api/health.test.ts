import { describe, expect, it } from "vitest";
import { callJson } from "../support/app";
import { useServices } from "../support/services";

useServices();

describe("happy", () => {
  it("GET /v1/health answers the spec's body with a request id", async () => {
    const res = await callJson("GET", "/v1/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service: "docscan", status: "ok", version: 1 });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("ignores a query string", async () => {
    expect((await callJson("GET", "/v1/health?x=1&__proto__=2")).status).toBe(200);
  });
});

describe("errors", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s /v1/health is a JSON 405 with Allow", async (method) => {
    const res = await callJson(method, "/v1/health", { json: { a: 1 } });
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ error: "method_not_allowed" });
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it.each(["/v1/nope", "/v1/sessions/x/y/z", "/v1/health/extra"])("unknown path %s is a JSON 404 for every method", async (p) => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const res = await callJson(method, p);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "not_found", message: expect.any(String) });
    }
  });
});
