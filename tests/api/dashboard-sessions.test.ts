import { describe, expect, it } from "vitest";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadJson } from "../support/sessions";

useServices();
const list = (cookie: string, query = "") => callJson("GET", `/v1/dashboard/sessions${query}`, { cookie });

describe("happy", () => {
  it("lists the tenant's sessions newest first with the spec's item fields, and when a finished one completed", async () => {
    const a = await signup();
    const first = await createSessionWith(a.secretKey, { metadata: { n: 1 } });
    const second = await createSessionWith(a.secretKey, { metadata: { n: 2, "ключ": "значение" } });
    await uploadJson(second.client_token, pdfBytes(), { pages: 3 });
    const res = await list(a.cookie);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([
      { id: second.id, status: "completed", mode: "test", pages: 3, metadata: { n: 2, "ключ": "значение" }, created_at: expect.any(String), expires_at: second.expires_at, completed_at: expect.any(String), redacted: false, redacted_at: null },
      { id: first.id, status: "created", mode: "test", pages: null, metadata: { n: 1 }, created_at: expect.any(String), expires_at: first.expires_at, completed_at: null, redacted: false, redacted_at: null },
    ]);
    const done = res.body.sessions[0];
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
  });

  it("limit: default 50, explicit values honoured, above 200 clamped to 200", async () => {
    const a = await signup();
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) ids.push((await createSessionWith(a.secretKey)).id);
    expect((await list(a.cookie)).body.sessions).toHaveLength(50);
    const two = await list(a.cookie, "?limit=2");
    expect(two.body.sessions.map((s: { id: string }) => s.id)).toEqual([ids[51], ids[50]]);
    expect((await list(a.cookie, "?limit=5000")).body.sessions).toHaveLength(52);
    expect((await list(a.cookie, "?limit=200")).status).toBe(200);
  });

  it("an empty tenant lists nothing", async () => {
    const a = await signup();
    expect((await list(a.cookie)).body).toEqual({ sessions: [], next_cursor: null });
  });
});

describe("errors", () => {
  it.each(["0", "-1", "abc", "1.5", ""])("400 invalid_request for limit=%s", async (limit) => {
    const a = await signup();
    const res = await list(a.cookie, `?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_request", fields: { limit: expect.any(String) } });
  });

  it("405 for POST", async () => {
    const a = await signup();
    expect((await callJson("POST", "/v1/dashboard/sessions", { cookie: a.cookie, json: {} })).status).toBe(405);
  });
});

describe("security", () => {
  it("401 unauthorized without a console cookie (API keys do not count)", async () => {
    const a = await signup();
    for (const auth of [{}, { bearer: a.secretKey }, { cookie: "sc_session=forged" }]) {
      const res = await callJson("GET", "/v1/dashboard/sessions", auth);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
  });

  it("never shows another tenant's sessions", async () => {
    const a = await signup();
    const b = await signup();
    await createSessionWith(a.secretKey, { metadata: { owner: "a" } });
    expect((await list(b.cookie)).body.sessions).toEqual([]);
  });
});
