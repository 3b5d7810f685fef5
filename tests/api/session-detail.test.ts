import { readFileSync } from "node:fs";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { flushDeferred } from "@/lib/http";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { startReceiver, type Receiver } from "../support/receiver";
import { useServices } from "../support/services";
import { createSessionWith, uploadJson } from "../support/sessions";
import { seedTenant } from "../support/webhook-fixtures";

const svc = useServices({ WEBHOOK_ALLOW_PRIVATE: "true" });
const JPEG = readFileSync(new URL("../fixtures/camera-frames/0092.jpg", import.meta.url));
const detail = (cookie: string, id: string) => callJson("GET", `/v1/dashboard/sessions/${id}`, { cookie });
const page = (cookie: string, id: string, n: string) => call("GET", `/v1/dashboard/sessions/${id}/pages/${n}`, { headers: { cookie } });

let down: Receiver;
beforeAll(async () => {
  down = await startReceiver({ kind: "status", status: 500, body: "boom: receiver is down" });
});
afterAll(() => down.close());
afterEach(() => resetClock());

/** A two-page PDF as the scanner makes it: one JPEG image per page. */
async function scannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(JPEG);
  for (let i = 0; i < 2; i++) doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0 });
  return Buffer.from(await doc.save());
}

/** A tenant with a failing endpoint and a completed two-page session whose first delivery attempt was made. */
async function scannedSession() {
  const a = await signup();
  expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: down.url } })).status).toBe(200);
  const s = await createSessionWith(a.secretKey, { metadata: { order: "A-1001" } });
  expect((await uploadJson(s.client_token, await scannedPdf(), { pages: 2 })).status).toBe(200);
  await flushDeferred();
  return { ...a, sessionId: s.id };
}

describe("happy", () => {
  it("the detail carries a working download link, the page count and size, and the session's deliveries with the receiver's answer", async () => {
    const a = await scannedSession();
    const res = await detail(a.cookie, a.sessionId);
    expect(res.status).toBe(200);
    const { result } = res.body.session;
    expect(result).toMatchObject({ page_count: 2, content_type: "application/pdf", available: true });
    const link = new URL(result.url);
    const pdf = await call("GET", link.pathname + link.search);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).byteLength).toBe(result.bytes);
    expect(res.body.deliveries).toHaveLength(1);
    const [d] = res.body.deliveries;
    expect(d).toMatchObject({ session_id: a.sessionId, event: "scan.completed", status: "pending", next_attempt_at: expect.any(String) });
    expect(d.attempts[0]).toMatchObject({ response_status: 500, response_body: "boom: receiver is down" });
  });

  it("serves each page's picture as the JPEG stored in the PDF", async () => {
    const a = await scannedSession();
    const res = await page(a.cookie, a.sessionId, "2");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it("serves a black-and-white page without a thumbnail as a PNG, the type the reference gives", async () => {
    const a = await signup();
    const doc = await PDFDocument.create();
    // An 8 x 2 one-bit page as the scanner stores a `bw` page: Flate with PNG row predictors.
    const rows = Buffer.from([0, 0b10101010, 0, 0b01010101]);
    const image = doc.context.flateStream(rows, {
      Type: "XObject", Subtype: "Image", Width: 8, Height: 2, ColorSpace: "DeviceGray", BitsPerComponent: 1,
      DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: 8 },
    });
    doc.addPage([200, 200]).node.set(PDFName.of("Resources"), doc.context.obj({ XObject: { Im0: doc.context.register(image) } }));
    const s = await createSessionWith(a.secretKey);
    expect((await uploadJson(s.client_token, Buffer.from(await doc.save()), { pages: 1 })).status).toBe(200);
    const res = await page(a.cookie, s.id, "1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("the webhook health flags a failing endpoint with its last error, and clears after a success", async () => {
    const a = await scannedSession();
    const health = await callJson("GET", "/v1/dashboard/webhook/health", { cookie: a.cookie });
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ state: "failing", last_error: "HTTP 500: boom: receiver is down", pending: 1, failed_recent: 0, secret_shown: false });
    down.setMode({ kind: "status", status: 204 });
    try {
      expect((await callJson("POST", "/v1/dashboard/webhook/test", { cookie: a.cookie })).status).toBe(201);
      await flushDeferred();
      expect((await callJson("GET", "/v1/dashboard/webhook/health", { cookie: a.cookie })).body.state).toBe("ok");
    } finally {
      down.setMode({ kind: "status", status: 500, body: "boom: receiver is down" });
    }
  });

  it("a file past retention says so: no link, no pictures", async () => {
    const a = await scannedSession();
    advanceClock(2 * 86_400_000);
    const res = await detail(a.cookie, a.sessionId);
    expect(res.body.session.result).toMatchObject({ available: false, url: null, page_count: 2 });
    expect((await page(a.cookie, a.sessionId, "1")).status).toBe(404);
  });

  it("rotation marks the secret as shown", async () => {
    const { cookie } = await seedTenant(svc.get().db);
    expect((await callJson("GET", "/v1/dashboard/webhook/health", { cookie })).body).toMatchObject({ secret_shown: false, state: "unknown", last_error: null });
    expect((await callJson("POST", "/v1/dashboard/webhook/rotate-secret", { cookie })).status).toBe(201);
    expect((await callJson("GET", "/v1/dashboard/webhook/health", { cookie })).body.secret_shown).toBe(true);
  });
});

describe("errors", () => {
  it("a page number that is not one is 400 with fields; past the count or before a document is 404", async () => {
    const a = await scannedSession();
    for (const n of ["abc", "0", "01", "1e3", "1000000"]) {
      const bad = await page(a.cookie, a.sessionId, n);
      expect(bad.status, n).toBe(400);
      expect(await bad.json(), n).toMatchObject({ error: "invalid_request", fields: { page: "must be a page number from 1" } });
    }
    for (const n of ["3", "999999"]) {
      const past = await page(a.cookie, a.sessionId, n);
      expect(past.status, n).toBe(404);
      expect((await past.json()).error, n).toBe("not_found");
    }
    const fresh = await createSessionWith(a.secretKey);
    expect((await page(a.cookie, fresh.id, "1")).status).toBe(404);
    expect((await detail(a.cookie, fresh.id)).body).toMatchObject({ session: { result: null }, deliveries: [] });
  });
});

describe("security", () => {
  it("an uploaded PDF whose page resources are malformed has no picture: 404 not_found, not 500", async () => {
    const a = await signup();
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).node.set(PDFName.of("Resources"), doc.context.obj({ XObject: 5 }));
    const s = await createSessionWith(a.secretKey);
    expect((await uploadJson(s.client_token, Buffer.from(await doc.save()), { pages: 1 })).status).toBe(200);
    const res = await page(a.cookie, s.id, "1");
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("not_found");
  });

  it("another tenant's session, its pictures and its deliveries are 404 not_found", async () => {
    const a = await scannedSession();
    const b = await signup();
    const res = await detail(b.cookie, a.sessionId);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
    const pic = await page(b.cookie, a.sessionId, "1");
    expect(pic.status).toBe(404);
    expect((await pic.json()).error).toBe("not_found");
    expect((await page("", a.sessionId, "1")).status).toBe(401);
    expect((await callJson("GET", "/v1/dashboard/webhook/health")).status).toBe(401);
  });
});
