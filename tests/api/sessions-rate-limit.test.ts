import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { callJson } from "../support/app";
import { addDomain, signup } from "../support/factories";
import { useServices } from "../support/services";

useServices({ RATE_LIMIT_MAX: "3", RATE_LIMIT_PUBLISHABLE_MAX: "2", RATE_LIMIT_WINDOW_SECONDS: "60" });
afterEach(() => resetClock());
const create = (key: string, headers: Record<string, string> = {}) => callJson("POST", "/v1/sessions", { bearer: key, json: {}, headers });

describe("happy", () => {
  it("RATE_LIMIT_MAX creations per window pass; the next window starts fresh", async () => {
    const a = await signup();
    advanceClock(60_000 - (Date.now() % 60_000) + 1000); // start of a window, so the test does not straddle one
    for (let i = 0; i < 3; i++) expect((await create(a.secretKey)).status).toBe(201);
    expect((await create(a.secretKey)).status).toBe(429);
    advanceClock(60_000);
    expect((await create(a.secretKey)).status).toBe(201);
  });
});

describe("errors", () => {
  it("429 rate_limited with Retry-After in seconds; publishable keys have their own smaller bucket and cannot use up the secret key's", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    advanceClock(60_000 - (Date.now() % 60_000) + 1000);
    const pk = () => create(a.publishableKey, { origin: "https://shop.example.com" });
    expect((await pk()).status).toBe(201);
    expect((await pk()).status).toBe(201);
    const res = await pk();
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("rate_limited");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // The tenant's server-side traffic still has its whole window.
    for (let i = 0; i < 3; i++) expect((await create(a.secretKey)).status).toBe(201);
    expect((await create(a.secretKey)).status).toBe(429);
    const list = await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie });
    expect(list.body.sessions).toHaveLength(5);
  });
});

describe("security", () => {
  it("the window is per tenant; requests refused for a foreign Origin do not use up the tenant's quota", async () => {
    const a = await signup();
    const b = await signup();
    advanceClock(60_000 - (Date.now() % 60_000) + 1000);
    for (let i = 0; i < 5; i++) expect((await create(a.publishableKey, { origin: "https://evil.example.com" })).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await create(a.secretKey)).status).toBe(201);
    expect((await create(a.secretKey)).status).toBe(429);
    expect((await create(b.secretKey)).status).toBe(201);
  });

  it("requests refused for their body (a bad override, an unknown profile) do not use up the quota either", async () => {
    const a = await signup();
    advanceClock(60_000 - (Date.now() % 60_000) + 1000);
    for (const json of [{ scanner: { theme: { accent: "nope" } } }, { scanner_id: "nope" }, { allowed_origins: ["::"] }, { metadata: 5 }]) {
      expect((await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json })).status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await create(a.secretKey)).status).toBe(201);
    expect((await create(a.secretKey)).status).toBe(429);
  });
});
