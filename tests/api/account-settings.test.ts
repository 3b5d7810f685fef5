import { describe, expect, it } from "vitest";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, expectCrossOriginRefused, signup } from "../support/factories";
import { useServices } from "../support/services";

useServices();

const put = (cookie: string, json: unknown) => callJson("PUT", "/v1/dashboard/settings", { cookie, json });
const me = async (cookie: string) => (await callJson("GET", "/v1/auth/me", { cookie })).body;

describe("happy", () => {
  it.each(["light", "dark", "auto"])("saves theme_mode %s and answers like GET /v1/auth/me", async (mode) => {
    const a = await signup();
    const res = await put(a.cookie, { theme_mode: mode });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { ...a.user, theme_mode: mode }, tenant: a.tenant });
    expect(await me(a.cookie)).toEqual(res.body);
  });

  it("a new user starts with theme_mode auto", async () => {
    const a = await signup();
    expect(a.user.theme_mode).toBe("auto");
  });
});

describe("errors", () => {
  it.each([
    ["an unknown mode", { theme_mode: "sepia" }, "theme_mode"],
    ["upper case", { theme_mode: "DARK" }, "theme_mode"],
    ["a number", { theme_mode: 1 }, "theme_mode"],
    ["an array", { theme_mode: ["dark"] }, "theme_mode"],
    ["an object", { theme_mode: { mode: "dark" } }, "theme_mode"],
    ["null", { theme_mode: null }, "theme_mode"],
    ["unicode", { theme_mode: "dárk" }, "theme_mode"],
    ["nothing", {}, "theme_mode"],
    ["an unknown field", { theme_mode: "dark", email: "new@example.com" }, "email"],
  ])("%s → 400 invalid_request with fields.%s, nothing saved", async (_l, json, field) => {
    const a = await signup();
    const res = await put(a.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields).toHaveProperty([field]);
    expect(await me(a.cookie)).toEqual({ user: a.user, tenant: a.tenant });
  });

  it("missing theme_mode says it is required", async () => {
    const a = await signup();
    expect((await put(a.cookie, {})).body.fields).toEqual({ theme_mode: "is required" });
  });

  it.each([
    ["array body", '["dark"]'],
    ["malformed JSON", '{"theme_mode":'],
    ["__proto__ key", '{"theme_mode":"dark","__proto__":{"themeMode":"light"}}'],
    ["constructor key", '{"theme_mode":"dark","constructor":{}}'],
    ["1 MB string", JSON.stringify({ theme_mode: "d".repeat(1024 * 1024) })],
  ])("%s → 400, nothing saved", async (_l, body) => {
    const a = await signup();
    const res = await callJson("PUT", "/v1/dashboard/settings", { cookie: a.cookie, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect((await me(a.cookie)).user.theme_mode).toBe("auto");
  });

  it("without a valid cookie → 401 unauthorized", async () => {
    await expectConsoleAuthRequired("PUT", "/v1/dashboard/settings", { theme_mode: "dark" });
  });

  it.each(["GET", "POST", "DELETE"])("%s /v1/dashboard/settings → 405", async (method) => {
    const a = await signup();
    const res = await callJson(method, "/v1/dashboard/settings", { cookie: a.cookie });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PUT");
  });
});

describe("security", () => {
  it("changes only the signed-in user's settings", async () => {
    const a = await signup();
    const b = await signup();
    await put(a.cookie, { theme_mode: "dark" });
    expect((await me(b.cookie)).user.theme_mode).toBe("auto");
  });

  it("a cross-origin change is refused and saves nothing", async () => {
    const a = await signup();
    await expectCrossOriginRefused("PUT", "/v1/dashboard/settings", a.cookie, { theme_mode: "dark" });
    expect((await me(a.cookie)).user.theme_mode).toBe("auto");
  });
});
