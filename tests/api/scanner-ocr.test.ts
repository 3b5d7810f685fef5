import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OCR_TEXT_MAX, type PageReport, type ScannerSettings } from "@/scanner/contract";
import { schema } from "@/lib/db";
import { flushDeferred } from "@/lib/http";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useReceiver } from "../support/receiver";
import { useServices } from "../support/services";
import { createSessionWith, openScanner, pdfBytes, putBlob, uploadMultipart } from "../support/sessions";

const svc = useServices({ WEBHOOK_ALLOW_PRIVATE: "true" });
const receiver = useReceiver();

const REPORT: PageReport = {
  filter: "auto", source: "camera", corners: "detected", confidence: 0.92, width: 1654, height: 2339, dpi: 200,
  sharpness: 0.48, glare: 0.002, brightness: 0.78, unevenness_before: 0.22, unevenness_after: 0.04, warnings: [],
};
const READ: PageReport = { ...REPORT, ocr: { status: "done", text: "Rechnung Nr. 42\nGrüße aus Köln – 12,50 €", confidence: 0.91, truncated: false } };
const TIMED_OUT: PageReport = { ...REPORT, ocr: { status: "timed_out", text: "", confidence: 0, truncated: false } };
const SKIPPED: PageReport = { ...REPORT, ocr: { status: "skipped", text: "", confidence: 0, truncated: false } };

const configOf = async (token: string) => (await callJson("GET", `/v1/scanner/config?t=${encodeURIComponent(token)}`)).body.scanner as ScannerSettings;
const complete = (session: string, extra: Record<string, unknown>) => callJson("POST", "/v1/scanner/complete", { json: { session, ...extra } });

describe("happy", () => {
  it("options.ocr defaults to false; profiles and session overrides set it; the config response carries it", async () => {
    const a = await signup();
    expect(PLATFORM_DEFAULTS.options.ocr).toBe(false);
    const plain = await createSessionWith(a.secretKey);
    expect((await configOf(plain.client_token)).options.ocr).toBe(false);

    const created = await callJson("POST", "/v1/dashboard/scanner/profiles", { cookie: a.cookie, json: { name: "Searchable", scanner: { locale: "de", options: { ocr: true } } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.profile.scanner.options.ocr).toBe(true);
    const onProfile = await createSessionWith(a.secretKey, { scanner_id: created.body.profile.id });
    expect(await configOf(onProfile.client_token)).toMatchObject({ locale: "de", options: { ocr: true } });
    const overridden = await createSessionWith(a.secretKey, { scanner_id: created.body.profile.id, scanner: { options: { ocr: false } } });
    expect((await configOf(overridden.client_token)).options.ocr).toBe(false);
  });

  it("a profile saved before ocr existed reads with ocr false", async () => {
    const a = await signup();
    const id = (await callJson("GET", "/v1/dashboard/scanner", { cookie: a.cookie })).body.default_profile_id as string;
    const { ocr: _ocr, ...legacyOptions } = PLATFORM_DEFAULTS.options;
    void _ocr;
    await svc.get().db.update(schema.scannerProfiles).set({ settings: { ...structuredClone(PLATFORM_DEFAULTS), options: legacyOptions } }).where(eq(schema.scannerProfiles.id, id));
    const s = await createSessionWith(a.secretKey);
    expect((await configOf(s.client_token)).options).toEqual({ ...PLATFORM_DEFAULTS.options, ocr: false });
  });

  it("each page's text and confidence come back in result.pages of the session read and the webhook", async () => {
    const a = await signup();
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: receiver.url, events: ["scan.completed"] } })).status).toBe(200);
    const s = await createSessionWith(a.secretKey, { scanner: { options: { ocr: true } } });
    const res = await uploadMultipart(s.client_token, pdfBytes(1200), { pages: "3", report: JSON.stringify([READ, SKIPPED, TIMED_OUT]) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(read.body.result.pages).toEqual([READ, SKIPPED, TIMED_OUT]);
    await flushDeferred();
    const sent = receiver.requests.find((r) => r.rawBody.toString().includes(s.id));
    expect(JSON.parse(sent!.rawBody.toString()).result.pages[0].ocr).toEqual(READ.ocr);
  });

  it("the longest text on every page of the largest document fits the complete body", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { scanner: { options: { ocr: true, maxPages: 50 } } });
    const config = await openScanner(s.client_token);
    expect((await putBlob(config.upload.url, pdfBytes(900))).status).toBe(204);
    // Two-byte characters and escaped newlines: the heaviest text a Latin page sends.
    const longest = "é\n".repeat(OCR_TEXT_MAX / 2);
    const page: PageReport = { ...REPORT, ocr: { status: "done", text: longest, confidence: 0.8, truncated: true } };
    const res = await complete(s.client_token, { pages: 50, report: Array.from({ length: 50 }, () => page) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.result.pages[49].ocr.text).toBe(longest);
  });
});

describe("errors", () => {
  it("a bad options.ocr is 400 invalid_scanner_config at its path, with the other problems, and no session", async () => {
    const a = await signup();
    for (const ocr of ["true", 1, null, "yes", {}, []]) {
      const res = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: { scanner: { options: { ocr, maxPages: 0 } } } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_scanner_config");
      expect(Object.keys(res.body.fields).sort()).toEqual(["options.maxPages", "options.ocr"]);
    }
    expect(await svc.get().db.select().from(schema.sessions).where(eq(schema.sessions.tenantId, a.tenant.id))).toHaveLength(0);
    const profile = await callJson("POST", "/v1/dashboard/scanner/profiles", { cookie: a.cookie, json: { name: "x", scanner: { options: { ocr: "on" } } } });
    expect(profile.status).toBe(400);
    expect(Object.keys(profile.body.fields)).toEqual(["options.ocr"]);
    const patched = await callJson("PUT", "/v1/dashboard/scanner", { cookie: a.cookie, json: { options: { ocr: 0 } } });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body.fields)).toEqual(["options.ocr"]);
  });

  it("bad page text is 400 with every problem keyed by path, never 500, and the token stays unspent", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { scanner: { options: { ocr: true } } });
    const bad = [
      { ...REPORT, ocr: { status: "read", text: 5, confidence: 1.5, truncated: "no" } },
      { ...REPORT, ocr: { status: "failed", text: "guess", confidence: 0, truncated: false } },
      { ...REPORT, ocr: { status: "done", text: "x".repeat(OCR_TEXT_MAX + 1), confidence: 0.5, truncated: false, words: [] } },
      { ...REPORT, ocr: { status: "done", text: "bell\u0007", confidence: Number.NaN, truncated: false } },
      { ...REPORT, ocr: "some text" },
      { ...REPORT, ocr: { status: "skipped", text: "half a guess", confidence: 0, truncated: false } },
    ];
    const res = await uploadMultipart(s.client_token, pdfBytes(800), { pages: "6", report: JSON.stringify(bad) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual([
      "report.0.ocr.confidence", "report.0.ocr.status", "report.0.ocr.text", "report.0.ocr.truncated",
      "report.1.ocr.text",
      "report.2.ocr.text", "report.2.ocr.words",
      "report.3.ocr.confidence", "report.3.ocr.text",
      "report.4.ocr",
      "report.5.ocr.text",
    ]);
    const retry = await uploadMultipart(s.client_token, pdfBytes(800), { pages: "1", report: JSON.stringify([READ]) });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
  });
});

describe("security", () => {
  it("another tenant cannot read a session's page text", async () => {
    const a = await signup();
    const b = await signup();
    const s = await createSessionWith(a.secretKey, { scanner: { options: { ocr: true } } });
    expect((await uploadMultipart(s.client_token, pdfBytes(800), { pages: "1", report: JSON.stringify([READ]) })).status).toBe(200);
    const other = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: b.secretKey });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain("Rechnung");
  });
});
