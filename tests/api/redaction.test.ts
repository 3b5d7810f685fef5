import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { schema } from "@/lib/db";
import { pagePicturesFolder } from "@/lib/files/page-pictures/stored";
import { flushDeferred } from "@/lib/http";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { runCron } from "../support/delivery-helpers";
import { useReceiver } from "../support/receiver";
import { completedSession, objectsOf, rowsOf, SECRET_METADATA, SECRET_TEXT, subscribe } from "../support/redaction";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, pdfBytes, sessionRow, uploadMultipart } from "../support/sessions";

const svc = useServices({ WEBHOOK_ALLOW_PRIVATE: "true", CRON_SECRET: "cron-secret-for-redaction-tests" });
const receiver = useReceiver();
const db = () => svc.get().db;
const redact = (id: string, bearer: string) => callJson("POST", `/v1/sessions/${id}/redact`, { bearer });
const eventsFor = (sessionId: string) =>
  receiver.requests.map((r) => JSON.parse(r.rawBody.toString())).filter((p) => p.session_id === sessionId);
afterEach(() => resetClock());

describe("happy", () => {
  it("removes the document and its page pictures, metadata, page text and delivery payloads; keeps id, status, timestamps, mode and the ledger; sends session.redacted", async () => {
    const a = await signup();
    await subscribe(a, receiver.url);
    const s = await completedSession(a);
    await flushDeferred();
    const before = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    const polled = await callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`);
    expect(polled.body.result).toMatchObject({ url: expect.any(String) });
    expect(before.body).toMatchObject({ metadata: SECRET_METADATA, redacted: false, redacted_at: null });
    expect(await objectsOf(svc.get().storage, s.id)).not.toEqual([]);
    // The console's look at the page stores its pictures beside the document.
    await callJson("GET", `/v1/dashboard/sessions/${s.id}/pages/1`, { cookie: a.cookie });
    const [file] = await db().select().from(schema.files).where(eq(schema.files.sessionId, s.id));
    const pictures = () => svc.get().storage.list(pagePicturesFolder(file.storageKey), 100);
    expect(await pictures()).not.toEqual([]);
    expect(await rowsOf(db(), s.id)).toContain(SECRET_TEXT);
    const balance = await balanceOf(db(), a.tenant.id);
    const ledger = await ledgerForSession(db(), s.id);

    const res = await redact(s.id, a.secretKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { redacted_at, ...kept } = res.body;
    expect(redacted_at).toEqual(expect.any(String));
    const { redacted_at: _none, ...beforeKept } = before.body;
    void _none;
    expect(kept).toEqual({ ...beforeKept, metadata: {}, result: null, redacted: true });
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body).toEqual(res.body);
    // the desktop page's poll no longer offers a link to the deleted document either
    const poll = await callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`);
    expect(poll.status, JSON.stringify(poll.body)).toBe(200);
    expect(poll.body).toMatchObject({ id: s.id, result: null });

    expect(await objectsOf(svc.get().storage, s.id)).toEqual([]);
    expect(await pictures()).toEqual([]);
    const rows = await rowsOf(db(), s.id);
    for (const secret of [SECRET_TEXT, "Jane Roe", "MED-77"]) expect(rows).not.toContain(secret);
    expect(await balanceOf(db(), a.tenant.id)).toBe(balance);
    expect(await ledgerForSession(db(), s.id)).toEqual(ledger);

    await flushDeferred();
    await expect.poll(() => eventsFor(s.id).map((e) => e.type)).toContain("session.redacted");
    expect(eventsFor(s.id).find((e) => e.type === "session.redacted")).toMatchObject({ session_id: s.id, metadata: {}, result: null });
  });

  it("a replay of a delivery made before the redaction sends the redacted body", async () => {
    const a = await signup();
    await subscribe(a, receiver.url);
    const s = await completedSession(a);
    await flushDeferred();
    const [completed] = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, s.id));
    expect(completed.event).toBe("scan.completed");
    expect((await redact(s.id, a.secretKey)).status).toBe(200);
    const replay = await callJson("POST", `/v1/dashboard/webhook/deliveries/${completed.id}/replay`, { cookie: a.cookie });
    expect(replay.status).toBe(201);
    await flushDeferred();
    const body = JSON.parse(replay.body.delivery.payload);
    expect(body).toMatchObject({ id: completed.eventId, type: "scan.completed", metadata: {}, result: null });
    await expect.poll(() => eventsFor(s.id).filter((e) => e.type === "scan.completed").length).toBeGreaterThanOrEqual(2);
    const sent = receiver.requests.map((r) => r.rawBody.toString()).filter((b) => b.includes(s.id)).at(-1)!;
    expect(sent).not.toContain("Jane Roe");
    expect(sent).not.toContain(SECRET_TEXT);
  });

  it("idempotent: a second call answers the same, one event and one audit row", async () => {
    const a = await signup();
    await subscribe(a, receiver.url);
    const s = await completedSession(a);
    // The scan.completed delivery first: landing between the two calls, it moved the status to delivered.
    await flushDeferred();
    const first = await redact(s.id, a.secretKey);
    const second = await redact(s.id, a.secretKey);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    await flushDeferred();
    expect(await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.event, "session.redacted")).then((r) => r.filter((d) => d.sessionId === s.id))).toHaveLength(1);
    expect(await db().select().from(schema.redactionAudit).where(eq(schema.redactionAudit.sessionId, s.id))).toHaveLength(1);
  });

  it("a live session is failed first: its token stops working, its hold is released, no credit moves", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: SECRET_METADATA });
    const balance = await balanceOf(db(), a.tenant.id);
    const res = await redact(s.id, a.secretKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "failed", redacted: true, metadata: {}, result: null });
    expect(await sessionRow(db(), s.id)).toMatchObject({ failReason: "redacted", tokenUsedAt: expect.any(Date) });
    const upload = await uploadMultipart(s.client_token, pdfBytes(800));
    expect(upload.status).toBe(409);
    expect(upload.body.error).toBe("token_already_used");
    expect(await balanceOf(db(), a.tenant.id)).toBe(balance);
    const [tenant] = await db().select({ held: schema.tenants.heldSessions }).from(schema.tenants).where(eq(schema.tenants.id, a.tenant.id));
    expect(tenant.held).toBe(0);
  });

  it("the console redacts with its cookie; the detail shows the audit trail naming the user", async () => {
    const a = await signup();
    const s = await completedSession(a);
    const res = await callJson("POST", `/v1/dashboard/sessions/${s.id}/redact`, { cookie: a.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.session).toMatchObject({ id: s.id, redacted: true, metadata: {}, result: null });
    expect(res.body.audit).toEqual([{ at: expect.any(String), outcome: "redacted", actor: { kind: "console_user", id: expect.stringMatching(/^usr_/), label: a.user.email } }]);
    const list = await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie });
    expect(list.body.sessions.find((x: { id: string }) => x.id === s.id)).toMatchObject({ redacted: true });
  });

  it("a secret key's redaction is audited with the key's id", async () => {
    const a = await signup();
    const s = await completedSession(a);
    await redact(s.id, a.secretKey);
    const detail = await callJson("GET", `/v1/dashboard/sessions/${s.id}`, { cookie: a.cookie });
    expect(detail.body.audit).toEqual([{ at: expect.any(String), outcome: "redacted", actor: { kind: "api_key", id: expect.stringMatching(/^key_/), label: expect.any(String) } }]);
  });
});

describe("races", () => {
  it("two concurrent redactions leave one redacted session, one event, one audit row", async () => {
    const a = await signup();
    await subscribe(a, receiver.url);
    const s = await completedSession(a);
    // The scan.completed delivery first, or it may move the status to delivered between the two answers.
    await flushDeferred();
    const [x, y] = await Promise.all([redact(s.id, a.secretKey), redact(s.id, a.secretKey)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body).toEqual(y.body);
    await flushDeferred();
    const events = (await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, s.id))).filter((d) => d.event === "session.redacted");
    expect(events).toHaveLength(1);
    expect(await db().select().from(schema.redactionAudit).where(eq(schema.redactionAudit.sessionId, s.id))).toHaveLength(1);
    expect(await objectsOf(svc.get().storage, s.id)).toEqual([]);
  });

  it("a redaction racing the scanner's upload: either the upload wins and is redacted, or it is refused; no document is left", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: SECRET_METADATA });
    const balance = await balanceOf(db(), a.tenant.id);
    const [upload, red] = await Promise.all([uploadMultipart(s.client_token, pdfBytes(900)), redact(s.id, a.secretKey)]);
    expect(red.status).toBe(200);
    expect(red.body).toMatchObject({ redacted: true, metadata: {}, result: null });
    const row = await sessionRow(db(), s.id);
    if (upload.status === 200) {
      expect(row.status === "completed" || row.status === "delivered").toBe(true);
      expect(await balanceOf(db(), a.tenant.id)).toBe(balance - 1);
    } else {
      expect(upload.status).toBe(409);
      expect(row).toMatchObject({ status: "failed", failReason: "redacted" });
      expect(await balanceOf(db(), a.tenant.id)).toBe(balance);
    }
    const [file] = await db().select().from(schema.files).where(eq(schema.files.sessionId, s.id));
    if (file) expect(file).toMatchObject({ deletedAt: expect.any(Date), pageReports: null });
    // A document the refused upload stored before its claim failed is the orphan sweep's (an hour later).
    advanceClock(2 * 60 * 60 * 1000);
    await runCron(svc.get());
    expect(await objectsOf(svc.get().storage, s.id)).toEqual([]);
  });
});

describe("storage failure", () => {
  it("answers 503 with nothing cleared, audits the failure, and the cron finishes the redaction", async () => {
    const a = await signup();
    const s = await completedSession(a);
    const storage = svc.get().storage;
    const realDelete = storage.delete;
    storage.delete = async () => {
      throw Object.assign(new Error("disk failing"), { code: "EIO" });
    };
    try {
      const res = await redact(s.id, a.secretKey);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe("service_unavailable");
    } finally {
      storage.delete = realDelete;
    }
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(read.body).toMatchObject({ redacted: false, metadata: SECRET_METADATA, result: null });
    expect(await rowsOf(db(), s.id)).toContain(SECRET_TEXT);
    const audit = () => callJson("GET", `/v1/dashboard/sessions/${s.id}`, { cookie: a.cookie }).then((r) => r.body.audit);
    expect(await audit()).toEqual([{ at: expect.any(String), outcome: "storage_failed", actor: expect.objectContaining({ kind: "api_key" }) }]);

    expect((await runCron(svc.get())).status).toBe(200);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body).toMatchObject({ redacted: true, metadata: {} });
    expect(await objectsOf(storage, s.id)).toEqual([]);
    expect(await rowsOf(db(), s.id)).not.toContain(SECRET_TEXT);
    expect((await audit()).map((e: { outcome: string; actor: { kind: string } }) => [e.outcome, e.actor.kind])).toEqual([["storage_failed", "api_key"], ["redacted", "api_key"]]);
  });
});

describe("errors", () => {
  it("another tenant's session, an unknown and a malformed id are 404 not_found; a publishable key is 401 secret_key_required; no key is 401", async () => {
    const a = await signup();
    const b = await signup();
    const s = await completedSession(a);
    for (const id of [s.id, "sess_00000000000000000000", "not-an-id", "%20"]) {
      const res = await redact(id, b.secretKey);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe("not_found");
    }
    const console404 = await callJson("POST", `/v1/dashboard/sessions/${s.id}/redact`, { cookie: b.cookie });
    expect(console404.status).toBe(404);
    const pk = await redact(s.id, a.publishableKey);
    expect(pk.status).toBe(401);
    expect(pk.body.error).toBe("secret_key_required");
    expect((await callJson("POST", `/v1/sessions/${s.id}/redact`)).body.error).toBe("invalid_api_key");
    expect((await callJson("POST", `/v1/dashboard/sessions/${s.id}/redact`)).status).toBe(401);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body).toMatchObject({ redacted: false, metadata: SECRET_METADATA });
  });
});
