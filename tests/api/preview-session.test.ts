import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { schema } from "@/lib/db";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, sessionRow, setBalance } from "../support/sessions";

// A limit of 2 creations per window: the preview must not count against it.
const svc = useServices({ RATE_LIMIT_MAX: "2" });
const preview = (cookie: string, json: unknown = {}, headers: Record<string, string> = {}) =>
  callJson("POST", "/v1/dashboard/scanner/preview-session", { cookie, json, headers });

describe("happy", () => {
  it("creates a test-mode session tagged dashboard_preview, embeddable by the service's own origin", async () => {
    const a = await signup();
    const res = await preview(a.cookie);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["client_token", "expires_at", "id", "mode", "scan_url"]);
    expect(res.body.mode).toBe("test");
    const row = await sessionRow(svc.get().db, res.body.id);
    expect(row).toMatchObject({ status: "created", metadata: { source: "dashboard_preview" }, allowedOrigins: ["http://localhost:3000"], scanner: PLATFORM_DEFAULTS });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
    const cfg = await callJson("GET", `/v1/scanner/config?t=${res.body.client_token}`);
    expect(cfg.status).toBe(200);
  });

  it("uses the named profile", async () => {
    const a = await signup();
    const id = newId("profile");
    const at = new Date();
    await svc.get().db.insert(schema.scannerProfiles).values({ id, tenantId: a.tenant.id, name: "fr", settings: { ...structuredClone(PLATFORM_DEFAULTS), locale: "fr" }, createdAt: at, updatedAt: at });
    const res = await preview(a.cookie, { scanner_id: id });
    expect(((await sessionRow(svc.get().db, res.body.id)).scanner as { locale: string }).locale).toBe("fr");
  });

  it("is not under the session rate limit", async () => {
    const a = await signup();
    for (let i = 0; i < 2; i++) expect((await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} })).status).toBe(201);
    expect((await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} })).status).toBe(429);
    for (let i = 0; i < 4; i++) expect((await preview(a.cookie)).status).toBe(201);
  });
});

describe("errors", () => {
  it("402 insufficient_credits at a balance below 1", async () => {
    const a = await signup();
    await setBalance(svc.get().db, a.tenant.id, 0);
    const res = await preview(a.cookie);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe("insufficient_credits");
    expect(res.body.message).toContain("balance is 0");
  });

  it("400 invalid_request for an unknown or foreign profile, a wrong type, unknown keys, a non-object body", async () => {
    const a = await signup();
    for (const body of [{ scanner_id: "prof_nope" }, { scanner_id: 1 }, { mode: "live" }, [], "x"]) {
      const res = await preview(a.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect((await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie })).body.sessions).toEqual([]);
  });
});

describe("security", () => {
  it("401 without a console cookie; 403 for a cross-origin request", async () => {
    const a = await signup();
    expect((await callJson("POST", "/v1/dashboard/scanner/preview-session", { json: {}, bearer: a.secretKey })).status).toBe(401);
    const cross = await preview(a.cookie, {}, { origin: "https://evil.example.com" });
    expect(cross.status).toBe(403);
    expect((await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie })).body.sessions).toEqual([]);
  });
});
