import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../lib/db";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadJson } from "../support/sessions";

const services = useServices();
const db = () => services.get().db;
const dash = (cookie: string, query = "") => callJson("GET", `/v1/dashboard/sessions${query}`, { cookie });
const api = (key: string, query = "") => callJson("GET", `/v1/sessions${query}`, { bearer: key });
const ids = (body: { sessions: { id: string }[] }) => body.sessions.map((s) => s.id);

/** Moves a session's creation time, so date filters have something to tell apart. */
async function createdAt(id: string, at: string) {
  await db().update(schema.sessions).set({ createdAt: new Date(at) }).where(eq(schema.sessions.id, id));
}

describe("happy", () => {
  it("pages through every session with next_cursor, newest first, no row twice", async () => {
    const a = await signup();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await createSessionWith(a.secretKey)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await dash(a.cookie, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it("q finds a session by an order number in its metadata (case-insensitive, part of a value) and by its id", async () => {
    const a = await signup();
    const order = await createSessionWith(a.secretKey, { metadata: { order: "INV-2026-0042", customer: "Zoë" } });
    await createSessionWith(a.secretKey, { metadata: { order: "INV-2026-0043" } });
    await createSessionWith(a.secretKey, { metadata: { note: "100% sure" } });
    expect(ids((await dash(a.cookie, "?q=inv-2026-0042")).body)).toEqual([order.id]);
    expect(ids((await dash(a.cookie, "?q=0042")).body)).toEqual([order.id]);
    expect(ids((await dash(a.cookie, `?q=${order.id}`)).body)).toEqual([order.id]);
    expect(ids((await dash(a.cookie, "?q=Zo%C3%AB")).body)).toEqual([order.id]);
    // LIKE wildcards in the search are literal text.
    expect((await dash(a.cookie, "?q=%25")).body.sessions).toHaveLength(1);
    expect((await dash(a.cookie, "?q=_")).body.sessions).toHaveLength(0);
  });

  it("filters by status (expiry applied), mode, date range and source; previews are shown unless source=api", async () => {
    const a = await signup();
    const done = await createSessionWith(a.secretKey);
    await uploadJson(done.client_token, pdfBytes(), { pages: 1 });
    const old = await createSessionWith(a.secretKey);
    await createdAt(old.id, "2026-01-10T12:00:00Z");
    await db().update(schema.sessions).set({ expiresAt: new Date("2026-01-10T12:15:00Z") }).where(eq(schema.sessions.id, old.id));
    const preview = await callJson("POST", "/v1/dashboard/scanner/preview-session", { cookie: a.cookie, json: {} });
    expect(preview.status).toBe(201);
    expect(ids((await dash(a.cookie, "?status=completed")).body)).toEqual([done.id]);
    expect(ids((await dash(a.cookie, "?status=expired")).body)).toEqual([old.id]);
    expect(ids((await dash(a.cookie, "?mode=live")).body)).toEqual([]);
    expect(ids((await dash(a.cookie, "?from=2026-01-10&to=2026-01-10")).body)).toEqual([old.id]);
    expect(ids((await dash(a.cookie, "?to=2026-01-09")).body)).toEqual([]);
    expect(ids((await dash(a.cookie, "?source=preview")).body)).toEqual([preview.body.id]);
    expect(ids((await dash(a.cookie, "?source=api")).body)).toEqual([done.id, old.id]);
    expect((await dash(a.cookie)).body.sessions).toHaveLength(3);
  });

  it("GET /v1/sessions (secret key) answers full session reads with a signed result link, and the same filters", async () => {
    const a = await signup();
    const done = await createSessionWith(a.secretKey, { metadata: { order: "A-1001" } });
    await uploadJson(done.client_token, pdfBytes(), { pages: 2 });
    await createSessionWith(a.secretKey, { metadata: { order: "A-1002" } });
    const res = await api(a.secretKey, "?q=A-1001");
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    const one = (await callJson("GET", `/v1/sessions/${done.id}`, { bearer: a.secretKey })).body;
    expect(res.body.sessions).toEqual([{ ...one, result: { ...one.result, url: expect.stringContaining(`/v1/files/`) } }]);
    const file = await call("GET", new URL(res.body.sessions[0].result.url).pathname + new URL(res.body.sessions[0].result.url).search);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const page = await api(a.secretKey, "?limit=1");
    expect(page.body.sessions).toHaveLength(1);
    expect(ids((await api(a.secretKey, `?limit=1&cursor=${page.body.next_cursor}`)).body)).toEqual([done.id]);
  });

  it("CSV export holds the filtered list, metadata as JSON, and defuses spreadsheet formulas", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: { order: "=HYPERLINK(\"x\")" } });
    await createSessionWith(a.secretKey, { metadata: { order: "other" } });
    const res = await call("GET", "/v1/dashboard/sessions/export?q=HYPERLINK", { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,status,mode,source,pages,bytes,created_at,expires_at,metadata");
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`${s.id},created,test,api,,,`)).toBe(true);
    expect(lines[1].endsWith(`"{""order"":""=HYPERLINK(\\""x\\"")""}"`)).toBe(true);
  });

  it("CSV export is streamed with nosniff and a sandbox CSP; one per account at a time, another account unaffected", async () => {
    const a = await signup();
    const b = await signup();
    await createSessionWith(a.secretKey, { metadata: { q: '"'.repeat(8000) } });
    const first = await call("GET", "/v1/dashboard/sessions/export", { headers: { cookie: a.cookie } });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    // The first export's body is not read yet: it is still running.
    const second = await callJson("GET", "/v1/dashboard/sessions/export", { cookie: a.cookie });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: "rate_limited", message: expect.stringContaining("already running") });
    expect(second.headers.get("retry-after")).toBe("5");
    const theirs = await call("GET", "/v1/dashboard/sessions/export", { headers: { cookie: b.cookie } });
    expect(theirs.status).toBe(200);
    await theirs.text();
    const csv = await first.text();
    expect(csv.trimEnd().split("\r\n")).toHaveLength(2);
    expect(csv.includes('\\""'.repeat(8000))).toBe(true); // each quote: JSON's \" with CSV's "" doubling
    const third = await call("GET", "/v1/dashboard/sessions/export", { headers: { cookie: a.cookie } });
    expect(third.status).toBe(200);
    await third.text();
  });
});

describe("errors", () => {
  it("reports every bad parameter at once in fields", async () => {
    const a = await signup();
    const res = await dash(a.cookie, `?limit=0&status=done&mode=prod&from=yesterday&to=2026-13-01&source=x&cursor=nope&q=${"x".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(["cursor", "from", "limit", "mode", "q", "source", "status", "to"]);
    const apiRes = await api(a.secretKey, "?status=done&mode=prod");
    expect(apiRes.status).toBe(400);
    expect(Object.keys(apiRes.body.fields).sort()).toEqual(["mode", "status"]);
  });

  it("a date range that ends before it starts is refused on `to`", async () => {
    const a = await signup();
    const res = await dash(a.cookie, "?from=2026-02-01&to=2026-01-01");
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ to: "must be after `from`" });
    const csv = await callJson("GET", "/v1/dashboard/sessions/export?from=2026-02-01&to=2026-01-01", { cookie: a.cookie });
    expect(csv.status).toBe(400);
    expect(csv.body.error).toBe("invalid_request");
    expect(csv.body.fields).toEqual({ to: "must be after `from`" });
  });

  it("values the database cannot take are 400 at their field on the list, the API list and the export, never 500", async () => {
    const a = await signup();
    const cursor = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
    const cases: [string, string][] = [
      ["?q=%00", "q"],
      ["?to=9999-12-31", "to"],
      ["?from=0000-01-01", "from"],
      ["?from=2026-02-31", "from"],
      ["?to=+010000-01-01T00:00:00Z", "to"],
      [`?cursor=${cursor("0000-01-01T00:00:00Z", "sess_x")}`, "cursor"],
      [`?cursor=${cursor("2026-01-01T00:00:00Z", "sess_\u0000")}`, "cursor"],
    ];
    for (const [query, field] of cases) {
      for (const res of [await dash(a.cookie, query), await api(a.secretKey, query)]) {
        expect(res.status, query).toBe(400);
        expect(res.body.error, query).toBe("invalid_request");
        expect(Object.keys(res.body.fields), query).toEqual([field]);
      }
      if (field === "cursor") continue; // the export has no cursor
      const csv = await callJson("GET", `/v1/dashboard/sessions/export${query}`, { cookie: a.cookie });
      expect(csv.status, query).toBe(400);
      expect(Object.keys(csv.body.fields), query).toEqual([field]);
    }
    // the widest valid range still answers
    expect((await dash(a.cookie, "?from=0001-01-01&to=9998-12-31")).status).toBe(200);
  });
});

describe("security", () => {
  it("GET /v1/sessions needs a secret key; the console list and export need the cookie", async () => {
    const a = await signup();
    expect((await api(a.publishableKey)).body.error).toBe("secret_key_required");
    expect((await api("sk_test_nope")).status).toBe(401);
    expect((await callJson("GET", "/v1/sessions")).status).toBe(401);
    expect((await callJson("GET", "/v1/dashboard/sessions/export")).status).toBe(401);
  });

  it("a tenant never sees another tenant's sessions, by search, id or cursor", async () => {
    const a = await signup();
    const b = await signup();
    const theirs = await createSessionWith(b.secretKey, { metadata: { order: "B-SECRET" } });
    expect((await dash(a.cookie, "?q=B-SECRET")).body.sessions).toEqual([]);
    expect((await api(a.secretKey, `?q=${theirs.id}`)).body.sessions).toEqual([]);
    await createSessionWith(b.secretKey);
    const bCursor = (await dash(b.cookie, "?limit=1")).body.next_cursor;
    expect(bCursor).toEqual(expect.any(String));
    const viaCursor = await dash(a.cookie, `?cursor=${bCursor}`);
    expect(viaCursor.status).toBe(200);
    expect(viaCursor.body.sessions).toEqual([]);
    const csv = await (await call("GET", "/v1/dashboard/sessions/export", { headers: { cookie: a.cookie } })).text();
    expect(csv).not.toContain(theirs.id);
  });
});
