import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PageReport } from "@/scanner/contract";
import { schema } from "@/lib/db";
import { flushDeferred } from "@/lib/http";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, signup } from "../support/factories";
import { useReceiver } from "../support/receiver";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, openScanner, pdfBytes, putBlob, sessionRow, uploadJson, uploadMultipart } from "../support/sessions";

// WEBHOOK_ALLOW_PRIVATE: the receiver is on 127.0.0.1, which hosted mode (real Postgres) refuses by default.
const svc = useServices({ MAX_UPLOAD_BYTES: "4096", WEBHOOK_ALLOW_PRIVATE: "true" });
const receiver = useReceiver();

const GOOD: PageReport = {
  filter: "auto",
  source: "camera",
  corners: "detected",
  confidence: 0.92,
  width: 1654,
  height: 2339,
  dpi: 200,
  sharpness: 0.48,
  glare: 0.002,
  brightness: 0.78,
  unevenness_before: 0.22,
  unevenness_after: 0.04,
  warnings: [],
};
const SECOND: PageReport = { ...GOOD, filter: "bw", source: "file", corners: "adjusted", confidence: 0, dpi: 150, sharpness: 0.2, warnings: ["blurry", "glare"] };

const complete = (session: string, extra: Record<string, unknown>) => callJson("POST", "/v1/scanner/complete", { json: { session, ...extra } });

async function opened(secretKey: string, json: Record<string, unknown> = {}) {
  const s = await createSessionWith(secretKey, json);
  const config = await openScanner(s.client_token);
  return { ...s, uploadUrl: config.upload.url as string };
}

async function deliveredPayload(sessionId: string) {
  const [row] = await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, sessionId));
  return JSON.parse(row.payload);
}

function storedObjects(sessionId: string): string[] {
  const dir = path.join(svc.get().config.dataDir, "blobs", "files");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.startsWith(sessionId) && !f.endsWith(".meta.json"));
}

/** Nothing of a refused request remains: token unspent, no file, no debit, no ledger row, no delivery. */
async function expectUntouched(tenantId: string, sessionId: string) {
  const db = svc.get().db;
  const row = await sessionRow(db, sessionId);
  expect(row.tokenUsedAt).toBeNull();
  expect(["created", "opened", "scanning"]).toContain(row.status);
  expect(await balanceOf(db, tenantId)).toBe(250);
  expect(await ledgerForSession(db, sessionId)).toHaveLength(0);
  expect(await db.select().from(schema.files).where(eq(schema.files.sessionId, sessionId))).toHaveLength(0);
  expect(await db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, sessionId))).toHaveLength(0);
}

describe("happy", () => {
  it("multipart upload: the report comes back as result.pages in the answer, the session read, the status poll, the console read and the webhook", async () => {
    const a = await signup();
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: receiver.url, events: ["scan.completed"] } })).status).toBe(200);
    const s = await createSessionWith(a.secretKey);
    const report = [GOOD, SECOND];
    // The report after the file, as a FormData built file-first sends it.
    const res = await uploadMultipart(s.client_token, pdfBytes(1200), { pages: "2", report: JSON.stringify(report) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ page_count: 2, bytes: 1200, pages: report });

    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(read.body.result.pages).toEqual(report);
    const poll = await callJson("GET", `/v1/sessions/${s.id}/status?t=${encodeURIComponent(s.client_token)}`);
    expect(poll.body.result.pages).toEqual(report);
    const consoleRead = await callJson("GET", `/v1/dashboard/sessions/${s.id}`, { cookie: a.cookie });
    expect(consoleRead.status).toBe(200);
    expect(consoleRead.body.session).toMatchObject({ id: s.id, status: expect.stringMatching(/^(completed|delivered)$/), pages: 2, result: { page_count: 2, bytes: 1200, content_type: "application/pdf", pages: report } });
    // the console hands out the same short-lived signed link as the API
    expect(consoleRead.body.session.result.url).toMatch(new RegExp(`^${read.body.result.url.split("?")[0]}\\?exp=\\d+&sig=`));

    await flushDeferred();
    const sent = receiver.requests.find((r) => r.rawBody.toString().includes(s.id));
    expect(JSON.parse(sent!.rawBody.toString()).result.pages).toEqual(report);
  });

  it("complete (JSON): the report array round-trips to the session read and the webhook payload", async () => {
    const a = await signup();
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: receiver.url, events: ["scan.completed"] } })).status).toBe(200);
    const s = await opened(a.secretKey);
    expect((await putBlob(s.uploadUrl, pdfBytes(900))).status).toBe(204);
    const res = await complete(s.client_token, { pages: 1, report: [SECOND] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.pages).toEqual([SECOND]);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body.result.pages).toEqual([SECOND]);
    expect((await deliveredPayload(s.id)).result.pages).toEqual([SECOND]);
  });

  it("JSON upload: a report without pages sets the page count; no report gives pages []", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadJson(s.client_token, pdfBytes(800), { report: [GOOD, GOOD, SECOND] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ page_count: 3, pages: [GOOD, GOOD, SECOND] });

    const plain = await createSessionWith(a.secretKey);
    const none = await uploadMultipart(plain.client_token, pdfBytes(800));
    expect(none.body.result.pages).toEqual([]);
    expect((await callJson("GET", `/v1/dashboard/sessions/${plain.id}`, { cookie: a.cookie })).body.session.result.pages).toEqual([]);
  });

  it("an empty report is the same as none", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadMultipart(s.client_token, pdfBytes(800), { report: "[]" });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ page_count: 1, pages: [] });
  });

  it("the console read of a session without a document has result null", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: { order: "A-1" } });
    const res = await callJson("GET", `/v1/dashboard/sessions/${s.id}`, { cookie: a.cookie });
    expect(res.body).toEqual({
      session: { id: s.id, status: "created", mode: "test", pages: null, metadata: { order: "A-1" }, created_at: expect.any(String), expires_at: s.expires_at, redacted: false, redacted_at: null, completed_at: null, result: null },
      deliveries: [],
      audit: [],
    });
  });
});

/** One page with every kind of bad value, and the paths each must be reported at. */
const BAD_PAGE = {
  ...GOOD,
  filter: "sepia",
  source: "scanner",
  corners: "guessed",
  confidence: -0.1,
  width: 1654.5,
  height: 0,
  dpi: 2401,
  sharpness: 1.5,
  glare: "0.1",
  brightness: null,
  warnings: ["blurry", "blurry"],
  extra: true,
};
const { unevenness_after: _dropped, ...MISSING_FIELD } = GOOD;
void _dropped;
const BAD_KEYS = [
  "report.0.filter",
  "report.0.source",
  "report.0.corners",
  "report.0.confidence",
  "report.0.width",
  "report.0.height",
  "report.0.dpi",
  "report.0.sharpness",
  "report.0.glare",
  "report.0.brightness",
  "report.0.warnings",
  "report.0.extra",
  "report.1.unevenness_after",
  "report.2.warnings.0",
];

describe("errors", () => {
  it("complete: every bad value at once, keyed by path; the session is untouched and can still complete", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putBlob(s.uploadUrl, pdfBytes(900))).status).toBe(204);
    const res = await complete(s.client_token, { pages: 3, report: [BAD_PAGE, MISSING_FIELD, { ...GOOD, warnings: ["smudge"] }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual([...BAD_KEYS].sort());
    await expectUntouched(a.tenant.id, s.id);
    const retry = await complete(s.client_token, { pages: 1, report: [GOOD] });
    expect(retry.status).toBe(200);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });

  it("multipart: the same problems keyed the same way; the stored bytes are removed and nothing is consumed", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const report = [BAD_PAGE, MISSING_FIELD, { ...GOOD, warnings: ["smudge"] }];
    const res = await uploadMultipart(s.client_token, pdfBytes(900), { pages: "3", report: JSON.stringify(report) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual([...BAD_KEYS].sort());
    await expectUntouched(a.tenant.id, s.id);
    expect(storedObjects(s.id)).toEqual([]);
    expect((await uploadMultipart(s.client_token, pdfBytes(900), { report: JSON.stringify([GOOD]) })).status).toBe(200);
  });

  it("multipart: a number too large for a double (1e999) is not finite and is refused", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const text = JSON.stringify([GOOD]).replace('"sharpness":0.48', '"sharpness":1e999');
    const res = await uploadMultipart(s.client_token, pdfBytes(900), { report: text });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["report.0.sharpness"]);
    await expectUntouched(a.tenant.id, s.id);
  });

  it.each([
    ["not JSON", "{pages: 1"],
    ["empty", ""],
    ["JSON but not an array", JSON.stringify(GOOD)],
    ["an array of strings", '["page"]'],
  ])("multipart report %s → 400 with fields.report, nothing consumed", async (_label, text) => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadMultipart(s.client_token, pdfBytes(900), { report: text });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields)).toEqual([expect.stringMatching(/^report(\.0)?$/)]);
    await expectUntouched(a.tenant.id, s.id);
  });

  it("a bad pages and a bad report are reported together", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadMultipart(s.client_token, pdfBytes(900), { pages: "two", report: "nope" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["pages", "report"]);
  });

  it("wrong length: not one entry per page sent, more than the session's maxPages, more than any session allows", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { scanner: { options: { maxPages: 2 } } });
    const mismatch = await uploadMultipart(s.client_token, pdfBytes(900), { pages: "2", report: JSON.stringify([GOOD]) });
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.fields)).toEqual(["report"]);
    const over = await uploadMultipart(s.client_token, pdfBytes(900), { report: JSON.stringify([GOOD, GOOD, GOOD]) });
    expect(over.status).toBe(400);
    expect(over.body.fields.report).toMatch(/at most 2/);
    await expectUntouched(a.tenant.id, s.id);

    const t = await opened(a.secretKey);
    expect((await putBlob(t.uploadUrl, pdfBytes(900))).status).toBe(204);
    const mismatchJson = await complete(t.client_token, { pages: 3, report: [GOOD, GOOD] });
    expect(mismatchJson.status).toBe(400);
    expect(Object.keys(mismatchJson.body.fields)).toEqual(["report"]);
    const huge = await complete(t.client_token, { report: Array.from({ length: 51 }, () => GOOD) });
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body.fields)).toEqual(["report"]);
    await expectUntouched(a.tenant.id, t.id);
  });

  it.each([
    ["a string", "[]"],
    ["an object", { 0: GOOD }],
    ["null", null],
  ])("complete with report as %s → 400 fields.report", async (_label, report) => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putBlob(s.uploadUrl, pdfBytes(900))).status).toBe(204);
    const res = await complete(s.client_token, { report });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["report"]);
    await expectUntouched(a.tenant.id, s.id);
  });
});

describe("security", () => {
  it("GET /v1/dashboard/sessions/:id needs the console cookie", async () => {
    await expectConsoleAuthRequired("GET", "/v1/dashboard/sessions/sess_x");
  });

  it("another tenant's session, and an unknown id, read as 404 not_found", async () => {
    const a = await signup();
    const b = await signup();
    const s = await createSessionWith(a.secretKey);
    for (const id of [s.id, "sess_unknown"]) {
      const res = await callJson("GET", `/v1/dashboard/sessions/${id}`, { cookie: b.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("not_found");
    }
  });
});
