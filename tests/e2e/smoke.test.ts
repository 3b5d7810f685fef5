import { describe, expect, it } from "vitest";
import { api } from "./support/api";

describe("the built app", () => {
  it("serves /v1/health from `next start`", async () => {
    const res = await api("GET", "/v1/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ service: "docscan", status: "ok", version: 1 });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers unknown /v1 paths and wrong methods with JSON, never HTML", async () => {
    const unknown = await api("GET", "/v1/does-not-exist");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("not_found");
    const wrongMethod = await api("DELETE", "/v1/health");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toBe("method_not_allowed");
  });
});
