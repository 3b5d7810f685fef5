import { describe, expect, it } from "vitest";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, expectCrossOriginRefused, signup } from "../support/factories";
import { useServices } from "../support/services";

useServices();

const overview = async (cookie: string) => {
  const res = await callJson("GET", "/v1/dashboard/scanner", { cookie });
  expect(res.status).toBe(200);
  return res.body;
};
const patchDefault = (cookie: string, json: unknown) => callJson("PUT", "/v1/dashboard/scanner", { cookie, json });
const createProfile = (cookie: string, json: unknown) => callJson("POST", "/v1/dashboard/scanner/profiles", { cookie, json });
const updateProfile = (cookie: string, id: string, json: unknown) => callJson("PUT", `/v1/dashboard/scanner/profiles/${encodeURIComponent(id)}`, { cookie, json });
const deleteProfile = (cookie: string, id: string) => callJson("DELETE", `/v1/dashboard/scanner/profiles/${encodeURIComponent(id)}`, { cookie });
const raw = (method: string, path: string, cookie: string, body: string) => callJson(method, path, { cookie, body, headers: { "content-type": "application/json" } });

describe("happy", () => {
  it("GET answers version 1, the default profile, its settings and the platform defaults", async () => {
    const a = await signup();
    const body = await overview(a.cookie);
    expect(body).toEqual({
      version: 1,
      default_profile_id: expect.stringMatching(/^prof_/),
      profiles: [{ id: body.default_profile_id, name: "Default", scanner: PLATFORM_DEFAULTS }],
      scanner: PLATFORM_DEFAULTS,
      defaults: PLATFORM_DEFAULTS,
    });
  });

  it("PUT deep-merges a patch over the saved default settings", async () => {
    const a = await signup();
    const first = await patchDefault(a.cookie, { theme: { accent: "rgb(10 20 30)", brandName: "Acme ✓" }, options: { maxPages: 5 } });
    expect(first.status).toBe(200);
    expect(first.body.scanner.theme).toEqual({ accent: "rgb(10 20 30)", cornerRadius: 10, brandName: "Acme ✓" });
    const second = await patchDefault(a.cookie, { watermark: { enabled: true, text: "COPY" }, locale: "de" });
    expect(second.body.scanner).toEqual({
      ...PLATFORM_DEFAULTS,
      locale: "de",
      theme: { accent: "rgb(10 20 30)", cornerRadius: 10, brandName: "Acme ✓" },
      options: { ...PLATFORM_DEFAULTS.options, maxPages: 5 },
      watermark: { ...PLATFORM_DEFAULTS.watermark, enabled: true, text: "COPY" },
    });
    const body = await overview(a.cookie);
    expect(body.scanner).toEqual(second.body.scanner);
    expect(body.profiles[0].scanner).toEqual(second.body.scanner);
    expect(body.defaults).toEqual(PLATFORM_DEFAULTS);
    // null clears an optional text; an empty patch changes nothing
    expect((await patchDefault(a.cookie, { theme: { brandName: null } })).body.scanner.theme).toEqual({ accent: "rgb(10 20 30)", cornerRadius: 10 });
    expect((await patchDefault(a.cookie, {})).body.scanner).toEqual((await overview(a.cookie)).scanner);
  });

  it("concurrent patches of different fields all land", async () => {
    const a = await signup();
    const patches = [
      { locale: "fr" },
      { theme: { accent: "#000" } },
      { theme: { cornerRadius: 3 } },
      { options: { maxPages: 7 } },
      { options: { grayscale: true } },
      { watermark: { size: "lg" } },
      { completion: { message: "Merci" } },
    ];
    const results = await Promise.all(patches.map((p) => patchDefault(a.cookie, p)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const s = (await overview(a.cookie)).scanner;
    expect([s.locale, s.theme.accent, s.theme.cornerRadius, s.options.maxPages, s.options.grayscale, s.watermark.size, s.completion.message]).toEqual([
      "fr",
      "#000",
      3,
      7,
      true,
      "lg",
      "Merci",
    ]);
  });

  it("profiles: create from defaults plus a patch, rename, patch, make default, delete", async () => {
    const a = await signup();
    const original = (await overview(a.cookie)).default_profile_id;
    const created = await createProfile(a.cookie, { name: "Invoices", scanner: { options: { grayscale: true } } });
    expect(created.status).toBe(201);
    expect(created.body.profile).toEqual({ id: expect.stringMatching(/^prof_/), name: "Invoices", scanner: { ...PLATFORM_DEFAULTS, options: { ...PLATFORM_DEFAULTS.options, grayscale: true } } });
    const id = created.body.profile.id;
    const plain = await createProfile(a.cookie, { name: "Plain" });
    expect(plain.body.profile.scanner).toEqual(PLATFORM_DEFAULTS);

    const updated = await updateProfile(a.cookie, id, { name: "Receipts", scanner: { theme: { accent: "#123456" } }, make_default: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      profile: { id, name: "Receipts", scanner: { ...created.body.profile.scanner, theme: { accent: "#123456", cornerRadius: 10 } } },
      default_profile_id: id,
    });
    const body = await overview(a.cookie);
    expect(body.default_profile_id).toBe(id);
    expect(body.scanner).toEqual(updated.body.profile.scanner);
    expect(body.profiles.map((p: { name: string }) => p.name).sort()).toEqual(["Default", "Plain", "Receipts"]);

    // PUT /v1/dashboard/scanner now edits the new default
    await patchDefault(a.cookie, { locale: "it" });
    expect((await overview(a.cookie)).profiles.find((p: { id: string }) => p.id === id).scanner.locale).toBe("it");

    const removed = await deleteProfile(a.cookie, original);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: original, deleted: true });
    expect((await overview(a.cookie)).profiles.map((p: { id: string }) => p.id)).not.toContain(original);
  });

  it("update with only make_default, or only a name, keeps the rest", async () => {
    const a = await signup();
    const p = (await createProfile(a.cookie, { name: "Second" })).body.profile;
    const res = await updateProfile(a.cookie, p.id, { make_default: true });
    expect(res.body).toEqual({ profile: p, default_profile_id: p.id });
    const renamed = await updateProfile(a.cookie, p.id, { name: "  Trimmed  " });
    expect(renamed.body.profile).toEqual({ ...p, name: "Trimmed" });
    const notDefault = await updateProfile(a.cookie, p.id, { make_default: false });
    expect(notDefault.body.default_profile_id).toBe(p.id);
  });
});

describe("errors", () => {
  it("PUT reports every problem by path and saves nothing, not even the valid fields", async () => {
    const a = await signup();
    const res = await patchDefault(a.cookie, {
      locale: "xx",
      theme: { accent: "red", cornerRadius: 40 },
      options: { maxPages: 51, output: "png" },
      watermark: { enabled: true, opacity: 2 },
      completion: { message: "ok" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(
      ["locale", "options.maxPages", "options.output", "theme.accent", "theme.cornerRadius", "watermark.opacity", "watermark.text"].sort(),
    );
    expect((await overview(a.cookie)).scanner).toEqual(PLATFORM_DEFAULTS);
  });

  it.each([
    ["wrong types", { options: { grayscale: "yes", maxPages: "5" }, theme: { cornerRadius: null } }, ["options.grayscale", "options.maxPages", "theme.cornerRadius"]],
    ["arrays for objects", { theme: ["#fff"], options: [] }, ["theme", "options"]],
    ["scalars for objects", { watermark: "on", completion: 1 }, ["watermark", "completion"]],
    ["unknown keys at any level", { colour: "#fff", theme: { accentColor: "#fff" } }, ["colour", "theme.accentColor"]],
    ["a 1 KB brand name", { theme: { brandName: "b".repeat(1024) } }, ["theme.brandName"]],
    ["41 emoji brand name", { theme: { brandName: "😀".repeat(41) } }, ["theme.brandName"]],
    ["watermark without text", { watermark: { enabled: true } }, ["watermark.text"]],
    ["empty watermark text", { watermark: { text: "" } }, ["watermark.text"]],
  ])("PUT with %s → 400 with those fields, nothing saved", async (_l, json, fields) => {
    const a = await signup();
    const res = await patchDefault(a.cookie, json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual([...fields].sort());
    expect((await overview(a.cookie)).scanner).toEqual(PLATFORM_DEFAULTS);
  });

  it("__proto__, constructor and prototype keys are refused by path and pollute nothing", async () => {
    const a = await signup();
    const res = await raw("PUT", "/v1/dashboard/scanner", a.cookie, '{"theme":{"__proto__":{"accent":"#000"},"constructor":{"prototype":{"x":1}}},"options":{"prototype":1}}');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["options.prototype", "theme.__proto__", "theme.constructor"]);
    const top = await raw("PUT", "/v1/dashboard/scanner", a.cookie, '{"__proto__":{"locale":"de"}}');
    expect(top.status).toBe(400);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect((await overview(a.cookie)).scanner).toEqual(PLATFORM_DEFAULTS);
  });

  it.each([
    ["array body", "[]"],
    ["string body", '"x"'],
    ["malformed JSON", "{"],
    ["1 MB string", JSON.stringify({ theme: { brandName: "x".repeat(1024 * 1024) } })],
  ])("PUT with %s → 400, nothing saved", async (_l, body) => {
    const a = await signup();
    const res = await raw("PUT", "/v1/dashboard/scanner", a.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect((await overview(a.cookie)).scanner).toEqual(PLATFORM_DEFAULTS);
  });

  it("create: name and scanner problems come back together; nothing is created", async () => {
    const a = await signup();
    const res = await createProfile(a.cookie, { name: "", scanner: { theme: { accent: "nope" } }, extra: 1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["extra", "name", "theme.accent"]);
    expect((await createProfile(a.cookie, {})).body.fields).toEqual({ name: "is required" });
    for (const json of [{ name: 5 }, { name: ["x"] }, { name: "n".repeat(61) }, { name: "ok", scanner: [] }, { name: "ok", scanner: "x" }, { name: "ok", scanner: null }]) {
      const bad = await createProfile(a.cookie, json);
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.error).toBe("invalid_request");
    }
    expect((await overview(a.cookie)).profiles).toHaveLength(1);
  });

  it("a duplicate profile name is 400 invalid_request with fields.name, on create and on rename", async () => {
    const a = await signup();
    const dup = await createProfile(a.cookie, { name: "Default" });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe("invalid_request");
    expect(dup.body.fields).toHaveProperty("name");
    const p = (await createProfile(a.cookie, { name: "Other" })).body.profile;
    const rename = await updateProfile(a.cookie, p.id, { name: "Default", scanner: { locale: "nl" }, make_default: true });
    expect(rename.status).toBe(400);
    expect(rename.body.fields).toHaveProperty("name");
    const body = await overview(a.cookie);
    expect(body.profiles.find((x: { id: string }) => x.id === p.id)).toEqual(p);
    expect(body.default_profile_id).not.toBe(p.id);
  });

  it("a duplicate name comes back with the settings' problems, on create and on rename; renaming to its own name is fine", async () => {
    const a = await signup();
    const dup = await createProfile(a.cookie, { name: "  Default ", scanner: { theme: { accent: "nope" } } });
    expect(dup.body).toMatchObject({ error: "invalid_request" });
    expect(Object.keys(dup.body.fields).sort()).toEqual(["name", "theme.accent"]);
    const p = (await createProfile(a.cookie, { name: "Other" })).body.profile;
    const rename = await updateProfile(a.cookie, p.id, { name: "Default", scanner: { options: { maxPages: 0 } } });
    expect(Object.keys(rename.body.fields).sort()).toEqual(["name", "options.maxPages"]);
    expect((await updateProfile(a.cookie, p.id, { name: "Other", scanner: { locale: "nl" } })).status).toBe(200);
  });

  it("concurrent creates with one name: exactly one 201", async () => {
    const a = await signup();
    const results = await Promise.all(Array.from({ length: 10 }, () => createProfile(a.cookie, { name: "Race" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.fields.name)).toHaveLength(9);
  });

  it("update: invalid scanner or make_default saves nothing", async () => {
    const a = await signup();
    const p = (await createProfile(a.cookie, { name: "P" })).body.profile;
    const res = await updateProfile(a.cookie, p.id, { name: "Renamed", scanner: { options: { maxPages: 0 } }, make_default: "yes" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["make_default", "options.maxPages"]);
    const body = await overview(a.cookie);
    expect(body.profiles.find((x: { id: string }) => x.id === p.id)).toEqual(p);
    expect(body.default_profile_id).not.toBe(p.id);
  });

  it("the default profile cannot be deleted (409 default_profile)", async () => {
    const a = await signup();
    const { default_profile_id } = await overview(a.cookie);
    const res = await deleteProfile(a.cookie, default_profile_id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("default_profile");
    expect((await overview(a.cookie)).profiles).toHaveLength(1);
  });

  it("unknown profile ids are 404 not_found for update and delete", async () => {
    const a = await signup();
    for (const id of ["prof_unknown", "💥", "x".repeat(500)]) {
      expect((await updateProfile(a.cookie, id, { name: "x" })).body.error).toBe("not_found");
      const del = await deleteProfile(a.cookie, id);
      expect(del.status).toBe(404);
      expect(del.body.error).toBe("not_found");
    }
  });

  it.each([
    ["GET", "/v1/dashboard/scanner"],
    ["PUT", "/v1/dashboard/scanner"],
    ["POST", "/v1/dashboard/scanner/profiles"],
    ["PUT", "/v1/dashboard/scanner/profiles/prof_x"],
    ["DELETE", "/v1/dashboard/scanner/profiles/prof_x"],
  ])("%s %s without a valid cookie → 401 unauthorized", async (method, path) => {
    await expectConsoleAuthRequired(method, path, { name: "x" });
  });

  it.each([
    ["POST", "/v1/dashboard/scanner"],
    ["GET", "/v1/dashboard/scanner/profiles"],
    ["GET", "/v1/dashboard/scanner/profiles/prof_x"],
  ])("%s %s → 405", async (method, path) => {
    const a = await signup();
    expect((await callJson(method, path, { cookie: a.cookie })).status).toBe(405);
  });
});

describe("security", () => {
  it("another tenant's profile is 404 not_found and untouched", async () => {
    const a = await signup();
    const b = await signup();
    const p = (await createProfile(a.cookie, { name: "Mine" })).body.profile;
    const aDefault = (await overview(a.cookie)).default_profile_id;
    expect((await updateProfile(b.cookie, p.id, { name: "Stolen", make_default: true })).status).toBe(404);
    expect((await deleteProfile(b.cookie, p.id)).status).toBe(404);
    expect((await deleteProfile(b.cookie, aDefault)).status).toBe(404);
    const body = await overview(a.cookie);
    expect(body.profiles.find((x: { id: string }) => x.id === p.id)).toEqual(p);
    expect(body.default_profile_id).toBe(aDefault);
    const bBody = await overview(b.cookie);
    expect(bBody.profiles.map((x: { id: string }) => x.id)).not.toContain(p.id);
    expect(bBody.default_profile_id).not.toBe(p.id);
  });

  it("one tenant's settings patch does not touch another's", async () => {
    const a = await signup();
    const b = await signup();
    await patchDefault(a.cookie, { locale: "pt" });
    expect((await overview(b.cookie)).scanner.locale).toBe("en");
    // the same profile name is fine across tenants
    expect((await createProfile(b.cookie, { name: "Shared name" })).status).toBe(201);
    expect((await createProfile(a.cookie, { name: "Shared name" })).status).toBe(201);
  });

  it("cross-origin mutations are refused and change nothing", async () => {
    const a = await signup();
    const { default_profile_id } = await overview(a.cookie);
    const p = (await createProfile(a.cookie, { name: "Keep" })).body.profile;
    await expectCrossOriginRefused("PUT", "/v1/dashboard/scanner", a.cookie, { locale: "de" });
    await expectCrossOriginRefused("POST", "/v1/dashboard/scanner/profiles", a.cookie, { name: "Evil" });
    await expectCrossOriginRefused("PUT", `/v1/dashboard/scanner/profiles/${p.id}`, a.cookie, { make_default: true });
    await expectCrossOriginRefused("DELETE", `/v1/dashboard/scanner/profiles/${p.id}`, a.cookie);
    const body = await overview(a.cookie);
    expect(body.default_profile_id).toBe(default_profile_id);
    expect(body.scanner).toEqual(PLATFORM_DEFAULTS);
    expect(body.profiles.map((x: { name: string }) => x.name)).toEqual(["Default", "Keep"]);
  });
});
