import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { newId } from "@/lib/ids";
import { PLATFORM_DEFAULTS, type ScannerSettings } from "@/lib/scanner-settings";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, sessionRow } from "../support/sessions";

const svc = useServices();

const overview = async (cookie: string) => (await callJson("GET", "/v1/dashboard/scanner", { cookie })).body;
const configOf = async (token: string) => {
  const res = await callJson("GET", `/v1/scanner/config?t=${encodeURIComponent(token)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.scanner as ScannerSettings;
};

/** Settings as saved before `options.filter` existed. */
function legacySettings(options: Partial<ScannerSettings["options"]> = {}): Record<string, unknown> {
  const { filter: _filter, ...rest } = { ...structuredClone(PLATFORM_DEFAULTS).options, ...options };
  void _filter;
  return { ...structuredClone(PLATFORM_DEFAULTS), options: rest };
}

/** Rewrites a tenant's default profile as it was saved before `options.filter` existed. */
async function makeDefaultLegacy(cookie: string, options: Partial<ScannerSettings["options"]> = {}): Promise<string> {
  const id = (await overview(cookie)).default_profile_id as string;
  await svc.get().db.update(schema.scannerProfiles).set({ settings: legacySettings(options) }).where(eq(schema.scannerProfiles.id, id));
  return id;
}

describe("happy", () => {
  it("profiles take every filter; the config response carries it", async () => {
    const a = await signup();
    for (const filter of ["grayscale", "bw", "original", "auto"] as const) {
      const created = await callJson("POST", "/v1/dashboard/scanner/profiles", { cookie: a.cookie, json: { name: `p-${filter}`, scanner: { options: { filter } } } });
      expect(created.status).toBe(201);
      expect(created.body.profile.scanner.options.filter).toBe(filter);
      const s = await createSessionWith(a.secretKey, { scanner_id: created.body.profile.id });
      expect((await configOf(s.client_token)).options.filter).toBe(filter);
    }
  });

  it("a session override sets the filter over the profile's", async () => {
    const a = await signup();
    expect((await callJson("PUT", "/v1/dashboard/scanner", { cookie: a.cookie, json: { options: { filter: "bw" } } })).status).toBe(200);
    const s = await createSessionWith(a.secretKey, { scanner: { options: { filter: "original" } } });
    expect((await configOf(s.client_token)).options).toMatchObject({ filter: "original", grayscale: false });
    const plain = await createSessionWith(a.secretKey);
    expect((await configOf(plain.client_token)).options.filter).toBe("bw");
  });

  it("the spec's grayscale: true reads as the grayscale filter in the config, and does not override a chosen filter", async () => {
    const a = await signup();
    const gray = await createSessionWith(a.secretKey, { scanner: { options: { grayscale: true } } });
    expect((await configOf(gray.client_token)).options).toMatchObject({ grayscale: true, filter: "grayscale" });
    // The snapshot keeps what was asked for; only the scanner's view resolves it.
    expect((await sessionRow(svc.get().db, gray.id)).scanner).toMatchObject({ options: { grayscale: true, filter: "auto" } });
    const bw = await createSessionWith(a.secretKey, { scanner: { options: { grayscale: true, filter: "bw" } } });
    expect((await configOf(bw.client_token)).options).toMatchObject({ grayscale: true, filter: "bw" });
  });

  it("the preview session carries the profile's filter", async () => {
    const a = await signup();
    const created = await callJson("POST", "/v1/dashboard/scanner/profiles", { cookie: a.cookie, json: { name: "Receipts", scanner: { options: { filter: "bw" } } } });
    const preview = await callJson("POST", "/v1/dashboard/scanner/preview-session", { cookie: a.cookie, json: { scanner_id: created.body.profile.id } });
    expect(preview.status).toBe(201);
    expect((await configOf(preview.body.client_token)).options.filter).toBe("bw");
  });

  it("a profile saved before filter existed reads with the default filter everywhere", async () => {
    const a = await signup();
    const id = await makeDefaultLegacy(a.cookie, { grayscale: true, maxPages: 4 });
    const body = await overview(a.cookie);
    expect(body.profiles[0].scanner.options).toEqual({ ...PLATFORM_DEFAULTS.options, grayscale: true, maxPages: 4 });
    expect(body.scanner.options.filter).toBe("auto");

    // A session on it, with and without an override; the API key lookup reads the default profile's settings itself.
    const plain = await createSessionWith(a.secretKey);
    expect((await configOf(plain.client_token)).options).toMatchObject({ grayscale: true, filter: "grayscale", maxPages: 4 });
    const overridden = await createSessionWith(a.secretKey, { scanner: { theme: { accent: "#000" } } });
    expect((await configOf(overridden.client_token)).options).toMatchObject({ filter: "grayscale", maxPages: 4 });
    const named = await createSessionWith(a.secretKey, { scanner_id: id, scanner: { options: { filter: "original" } } });
    expect((await configOf(named.client_token)).options.filter).toBe("original");

    // Patching it (either console path) works and saves the filled-in key.
    const patched = await callJson("PUT", `/v1/dashboard/scanner/profiles/${id}`, { cookie: a.cookie, json: { scanner: { locale: "de" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.profile.scanner.options.filter).toBe("auto");
    await makeDefaultLegacy(a.cookie);
    const put = await callJson("PUT", "/v1/dashboard/scanner", { cookie: a.cookie, json: { locale: "fr" } });
    expect(put.status).toBe(200);
    expect(put.body.scanner.options.filter).toBe("auto");
  });

  it("a session snapshot saved before filter existed gets the default in its config", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await svc.get().db.update(schema.sessions).set({ scanner: legacySettings({ grayscale: true }) }).where(eq(schema.sessions.id, s.id));
    expect((await configOf(s.client_token)).options).toMatchObject({ grayscale: true, filter: "grayscale" });
  });

  it("a named profile saved before filter existed (read by id, not as the default)", async () => {
    const a = await signup();
    const id = newId("profile");
    const at = new Date();
    await svc.get().db.insert(schema.scannerProfiles).values({ id, tenantId: a.tenant.id, name: "old", settings: legacySettings(), createdAt: at, updatedAt: at });
    const s = await createSessionWith(a.secretKey, { scanner_id: id, scanner: { locale: "it" } });
    expect(await configOf(s.client_token)).toMatchObject({ locale: "it", options: { filter: "auto" } });
  });
});

describe("errors", () => {
  const BAD = ["sepia", "AUTO", "", 1, true, ["bw"], { mode: "bw" }];

  it("POST /v1/sessions: a bad filter is 400 invalid_scanner_config at options.filter, with the other problems, and no session", async () => {
    const a = await signup();
    for (const filter of BAD) {
      const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { scanner: { options: { filter, maxPages: 0 } } } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_scanner_config");
      expect(Object.keys(res.body.fields).sort()).toEqual(["options.filter", "options.maxPages"]);
    }
    expect(await svc.get().db.select().from(schema.sessions).where(eq(schema.sessions.tenantId, a.tenant.id))).toHaveLength(0);
  });

  it("profiles: create, update and the default patch refuse a bad filter at options.filter and save nothing", async () => {
    const a = await signup();
    const created = await callJson("POST", "/v1/dashboard/scanner/profiles", { cookie: a.cookie, json: { name: "", scanner: { options: { filter: "sepia" } } } });
    expect(created.status).toBe(400);
    expect(Object.keys(created.body.fields).sort()).toEqual(["name", "options.filter"]);
    const id = (await overview(a.cookie)).default_profile_id;
    const updated = await callJson("PUT", `/v1/dashboard/scanner/profiles/${id}`, { cookie: a.cookie, json: { scanner: { options: { filter: null } } } });
    expect(updated.status).toBe(400);
    expect(Object.keys(updated.body.fields)).toEqual(["options.filter"]);
    const patched = await callJson("PUT", "/v1/dashboard/scanner", { cookie: a.cookie, json: { options: { filter: "colour" } } });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body.fields)).toEqual(["options.filter"]);
    const after = await overview(a.cookie);
    expect(after.profiles).toHaveLength(1);
    expect(after.scanner).toEqual(PLATFORM_DEFAULTS);
  });
});
