import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { flushDeferred } from "@/lib/http";
import { signHandoffCode } from "@/lib/tokens";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useReceiver } from "../support/receiver";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, pdfBytes, sessionRow, setBalance, uploadJson, uploadMultipart } from "../support/sessions";

const MAX = 4096;
// WEBHOOK_ALLOW_PRIVATE: the receiver is on 127.0.0.1, which hosted mode (real Postgres) refuses by default.
// Room for the 30-way races below (the per-process upload bound is tested in upload-limits.test.ts).
const svc = useServices({ MAX_UPLOAD_BYTES: String(MAX), WEBHOOK_ALLOW_PRIVATE: "true", MAX_CONCURRENT_UPLOADS: "64" });
const receiver = useReceiver();

/** `bytes` as a stream cut at the given offsets, as a socket delivers a body. */
function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const edges = [0, ...cuts, bytes.byteLength];
  const chunks = edges.slice(1).map((end, i) => bytes.slice(edges[i], end));
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

function storedObjects(sessionId: string): string[] {
  const dir = path.join(svc.get().config.dataDir, "blobs", "files");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.startsWith(sessionId) && !f.endsWith(".meta.json"));
}

describe("happy", () => {
  it("JSON base64: completes, debits one credit with a session ledger row, records usage, returns the result", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadJson(s.client_token, pdfBytes(1500));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      session_id: s.id,
      result: { url: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/files\/file_\w+\?exp=\d+&sig=[\w-]+$/), page_count: 1, bytes: 1500, content_type: "application/pdf", pages: [] },
    });
    const exp = Number(new URL(res.body.result.url).searchParams.get("exp"));
    expect(exp - Date.now()).toBeGreaterThan(3_590_000);
    expect(exp - Date.now()).toBeLessThanOrEqual(3_600_000);
    const db = svc.get().db;
    expect(await balanceOf(db, a.tenant.id)).toBe(249);
    expect(await ledgerForSession(db, s.id)).toEqual([expect.objectContaining({ delta: -1, reason: "session", balanceAfter: 249, sessionId: s.id })]);
    const usage = await db.select().from(schema.usageEvents).where(eq(schema.usageEvents.sessionId, s.id));
    expect(usage).toEqual([expect.objectContaining({ pages: 1, bytes: 1500, mode: "test", tenantId: a.tenant.id })]);
    expect(await sessionRow(db, s.id)).toMatchObject({ status: "completed", pageCount: 1, tokenUsedAt: expect.any(Date) });
    const file = await call("GET", res.body.result.url.replace("http://localhost:3000", ""));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes(1500))).toBe(true);
  });

  it("data URI payload and multipart both work; pages are counted and capped by options.maxPages", async () => {
    const a = await signup();
    const s1 = await createSessionWith(a.secretKey);
    const r1 = await callJson("POST", "/v1/scanner/upload", { json: { session: s1.client_token, payload: `data:application/pdf;base64,${pdfBytes(700).toString("base64")}`, pages: 3 } });
    expect(r1.body.result).toMatchObject({ bytes: 700, page_count: 3 });
    const s2 = await createSessionWith(a.secretKey, { scanner: { options: { maxPages: 2 } } });
    const r2 = await uploadMultipart(s2.client_token, pdfBytes(800), { pages: "5" });
    expect(r2.status).toBe(200);
    expect(r2.body.result).toMatchObject({ bytes: 800, page_count: 2 });
  });

  it("multipart as a browser sends it: a mixed-case boundary, with and without the X-Client-Token header", async () => {
    const a = await signup();
    const boundary = "----WebKitFormBoundaryx2tCSeHCisynATip";
    const form = (token: string) => Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="session"\r\n\r\n${token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="pages"\r\n\r\n1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdfBytes(900),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const header of [true, false]) {
      const s = await createSessionWith(a.secretKey);
      const res = await callJson("POST", "/v1/scanner/upload", {
        body: form(s.client_token),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(header ? { "x-client-token": s.client_token } : {}) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result).toMatchObject({ bytes: 900, page_count: 1 });
    }
  });

  it("a JSON body read in chunks: ASCII, and a multi-byte character split between two chunks", async () => {
    const a = await signup();
    for (const type of ["application/pdf", "application/pdf;name=résumé"]) {
      const s = await createSessionWith(a.secretKey);
      const body = Buffer.from(JSON.stringify({ session: s.client_token, payload: `data:${type};base64,${pdfBytes(1500).toString("base64")}` }));
      const split = body.indexOf("é") + 1; // inside the é, when there is one
      const res = await callJson("POST", "/v1/scanner/upload", { body: chunked(body, split > 0 ? [split] : [10, 200, 1000]), headers: { "content-type": "application/json" } });
      expect(res.status).toBe(200);
      expect(res.body.result.bytes).toBe(1500);
    }
  });

  it("a JSON payload is judged as JSON.parse reads it: escaped slashes, a later payload member, and an empty one taking the place of a good one", async () => {
    const a = await signup();
    const pdf = pdfBytes(1500), b64 = pdf.toString("base64");
    const send = async (body: (token: string) => string) => {
      const s = await createSessionWith(a.secretKey);
      return callJson("POST", "/v1/scanner/upload", { body: body(s.client_token), headers: { "content-type": "application/json" } });
    };
    // Some encoders write "/" as "\/": the escape must be read, not refused as base64.
    const slashes = Buffer.alloc(1500, 0xff);
    pdf.copy(slashes, 0, 0, 9);
    const escaped = await send((t) => `{"session":"${t}","payload":"${slashes.toString("base64").replaceAll("/", "\\/")}"}`);
    expect(escaped.status).toBe(200);
    expect(escaped.body.result.bytes).toBe(1500);
    const later = await send((t) => `{"session":"${t}","payload":"not base64!","payload":"${b64}"}`);
    expect(later.status).toBe(200);
    expect(later.body.result.bytes).toBe(1500);
    const replaced = await send((t) => `{"session":"${t}","payload":"${b64}","payload":"QUJD"}`);
    expect([replaced.status, replaced.body.error]).toEqual([400, "invalid_file"]);
    const emptied = await send((t) => `{"session":"${t}","payload":"${b64}","payload":""}`);
    expect([emptied.status, emptied.body.error]).toEqual([400, "empty_file"]);
  });

  it("a control character or a non-base64 character in a JSON payload is refused at the field that says why", async () => {
    const a = await signup();
    const b64 = pdfBytes(1500).toString("base64");
    const send = async (payload: string) => {
      const s = await createSessionWith(a.secretKey);
      return callJson("POST", "/v1/scanner/upload", { body: `{"session":"${s.client_token}","payload":"${payload}"}`, headers: { "content-type": "application/json" } });
    };
    for (const raw of [`data:application/pdf\t;base64,${b64}`, `${b64.slice(0, 100)}\n${b64.slice(100)}`]) {
      const res = await send(raw);
      expect([res.status, res.body.fields]).toEqual([400, { body: "must be valid JSON" }]);
    }
    for (const bad of [`${b64.slice(0, 100)}*${b64.slice(100)}`, `${b64.slice(0, 100)}\\n${b64.slice(100)}`, `${b64}é`]) {
      const res = await send(bad);
      expect([res.status, res.body.fields]).toEqual([400, { payload: "must be a base64 string or a base64 data URI" }]);
    }
  });

  it("size limit is inclusive: exactly MAX_UPLOAD_BYTES is accepted (JSON and multipart)", async () => {
    const a = await signup();
    const s1 = await createSessionWith(a.secretKey);
    expect((await uploadJson(s1.client_token, pdfBytes(MAX))).body.result.bytes).toBe(MAX);
    const s2 = await createSessionWith(a.secretKey);
    expect((await uploadMultipart(s2.client_token, pdfBytes(MAX))).body.result.bytes).toBe(MAX);
  });

  it("credit rule: each open session holds a credit; a completion never takes the balance below zero", async () => {
    const a = await signup();
    await setBalance(svc.get().db, a.tenant.id, 1);
    const s1 = await createSessionWith(a.secretKey);
    // The one credit is held by s1: a second session cannot open.
    const second = await callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} });
    expect(second.status).toBe(402);
    expect(second.body.error).toBe("insufficient_credits");
    // The balance drops after s1 opened: its completion is refused, token unspent, nothing debited.
    await setBalance(svc.get().db, a.tenant.id, 0);
    const refused = await uploadJson(s1.client_token, pdfBytes());
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe("insufficient_credits");
    expect((await sessionRow(svc.get().db, s1.id)).tokenUsedAt).toBeNull();
    expect(await ledgerForSession(svc.get().db, s1.id)).toHaveLength(0);
    // After a top-up the same token completes, and the balance ends at 0, not below.
    await setBalance(svc.get().db, a.tenant.id, 1);
    expect((await uploadJson(s1.client_token, pdfBytes())).status).toBe(200);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(0);
  });

  it("credit rule under concurrency: a balance of 3 opens at most 3 of 10 parallel sessions, and all complete to 0", async () => {
    const a = await signup();
    await setBalance(svc.get().db, a.tenant.id, 3);
    const opened = await Promise.all(Array.from({ length: 10 }, () => callJson("POST", "/v1/sessions", { bearer: a.secretKey, json: {} })));
    const ok = opened.filter((r) => r.status === 201);
    expect(ok).toHaveLength(3);
    expect(opened.filter((r) => r.status === 402)).toHaveLength(7);
    for (const r of ok) expect((await uploadJson(r.body.client_token, pdfBytes())).status).toBe(200);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(0);
  });

  it("creates the scan.completed delivery in the completion and sends it after the response", async () => {
    const a = await signup();
    const put = await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: receiver.url, events: ["scan.completed"] } });
    expect(put.status).toBe(200);
    const s = await createSessionWith(a.secretKey, { metadata: { order: "ü-1" } });
    const res = await uploadJson(s.client_token, pdfBytes(1000), { pages: 2 });
    const rows = await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: "scan.completed", url: receiver.url });
    await flushDeferred();
    const got = receiver.requests.find((r) => r.rawBody.toString().includes(s.id));
    const payload = JSON.parse(got!.rawBody.toString());
    expect(payload).toMatchObject({ type: "scan.completed", session_id: s.id, created_with: "secret", metadata: { order: "ü-1" }, result: { page_count: 2, bytes: 1000, url: expect.stringContaining(`/v1/files/`) } });
    // The webhook's link is signed to outlive its retries; it names the same file as the answer's.
    expect(new URL(payload.result.url).pathname).toBe(new URL(res.body.result.url).pathname);
  });
});

describe("errors", () => {
  it("400 invalid_token: missing, tampered, a hand-off code, a token from another secret", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const code = signHandoffCode(svc.get().config, s.id);
    for (const json of [{ payload: pdfBytes().toString("base64") }, { session: s.client_token.slice(0, -2) + "xx", payload: "JVBERi0=" }, { session: code, payload: "JVBERi0=" }, { session: 5, payload: "JVBERi0=" }, { session: { t: 1 }, payload: "JVBERi0=" }]) {
      const res = await callJson("POST", "/v1/scanner/upload", { json });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_token");
    }
    const mp = await uploadMultipart(null, pdfBytes());
    expect(mp.body.error).toBe("invalid_token");
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });

  it("400 empty_file: no payload, empty payload, no file part, empty file", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const cases = [
      () => callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token } }),
      () => callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: "" } }),
      () => callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: "data:application/pdf;base64," } }),
      () => uploadMultipart(s.client_token, null),
      () => uploadMultipart(s.client_token, Buffer.alloc(0)),
    ];
    for (const send of cases) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("empty_file");
    }
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("413 file_too_large one byte over (JSON, multipart) and for a huge body; nothing stored or debited", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    for (const res of [
      await uploadJson(s.client_token, pdfBytes(MAX + 1)),
      await uploadMultipart(s.client_token, pdfBytes(MAX + 1)),
      await callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: "A".repeat(1 << 20) } }),
      await uploadMultipart(s.client_token, pdfBytes(1 << 20)),
      // streamed in chunks with no content-length: the cap counts the chunks as they arrive
      await callJson("POST", "/v1/scanner/upload", {
        body: chunked(Buffer.from(JSON.stringify({ session: s.client_token, payload: "A".repeat(1 << 20) })), [1000, 200_000, 600_000]),
        headers: { "content-type": "application/json" },
      }),
    ]) {
      expect(res.status).toBe(413);
      expect(res.body.error).toBe("file_too_large");
    }
    expect(storedObjects(s.id)).toEqual([]);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });

  it("400 invalid_file for bytes that are not a PDF", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    for (const bytes of [Buffer.from("hello world, not a pdf"), Buffer.from("%PDF"), Buffer.from("\x89PNG\r\n")]) {
      const res = await uploadJson(s.client_token, bytes);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_file");
    }
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });

  it.each([
    ["pages 0", { pages: 0 }, "pages"],
    ["pages negative", { pages: -1 }, "pages"],
    ["pages fractional", { pages: 1.5 }, "pages"],
    ["pages as a string", { pages: "3" }, "pages"],
    ["payload not base64", { payload: "%%% not base64" }, "payload"],
    // one wide character in an otherwise valid payload (decodeBase64's two-byte string path)
    ["payload with a non-Latin-1 character", { payload: `JVBERi0x${"Ł"}AAAA` }, "payload"],
    ["payload in the URL-safe alphabet", { payload: "JVBERi0x-_AA" }, "payload"],
    ["payload wrong type", { payload: ["x"] }, "payload"],
    ["an unknown field", { extra: 1 }, "extra"],
  ])("400 invalid_request for %s", async (_name, extra, field) => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: pdfBytes().toString("base64"), ...extra } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields).toHaveProperty([field]);
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("400 invalid_request for multipart pages 'x', a string file, malformed JSON, an array body, another content type", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const form = new FormData();
    form.set("session", s.client_token);
    form.set("file", "just text");
    const results = [
      await uploadMultipart(s.client_token, pdfBytes(), { pages: "x" }),
      await callJson("POST", "/v1/scanner/upload", { body: form }),
      await callJson("POST", "/v1/scanner/upload", { json: "{" }),
      await callJson("POST", "/v1/scanner/upload", { json: "[]" }),
      await callJson("POST", "/v1/scanner/upload", { body: new Uint8Array(pdfBytes()), headers: { "content-type": "application/pdf" } }),
      await callJson("POST", "/v1/scanner/upload", { body: "--x\r\n", headers: { "content-type": "multipart/form-data; boundary=x" } }),
    ];
    for (const res of results) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("400 invalid_request body for invalid UTF-8 in a JSON body read in chunks, ASCII before it", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const body = Buffer.from(JSON.stringify({ session: s.client_token, payload: `data:application/pdf;x=??;base64,${pdfBytes().toString("base64")}` }));
    body[body.indexOf("??")] = 0xc3; // a lead byte followed by "?": not UTF-8
    const res = await callJson("POST", "/v1/scanner/upload", { body: chunked(body, [10]), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.fields).toEqual({ body: "must be valid JSON" });
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("409 token_already_used for a second upload; the first document stays", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const first = await uploadJson(s.client_token, pdfBytes(1000));
    const second = await uploadMultipart(s.client_token, pdfBytes(2000));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("token_already_used");
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(read.body.result.bytes).toBe(1000);
    expect(first.body.result.bytes).toBe(1000);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });

  it("GET on the upload endpoint is a 405", async () => {
    expect((await callJson("GET", "/v1/scanner/upload")).status).toBe(405);
  });
});

describe("security", () => {
  it("30 parallel uploads with one token: exactly one 200, 29 × 409, one debit, one stored object", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? uploadJson(s.client_token, pdfBytes(1000 + i)) : uploadMultipart(s.client_token, pdfBytes(1000 + i)))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(29);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe("token_already_used");
    const db = svc.get().db;
    expect(await ledgerForSession(db, s.id)).toHaveLength(1);
    expect(await balanceOf(db, a.tenant.id)).toBe(249);
    expect(storedObjects(s.id)).toHaveLength(1);
    const winner = results.find((r) => r.status === 200)!;
    const file = await call("GET", winner.body.result.url.replace("http://localhost:3000", ""));
    expect((await file.arrayBuffer()).byteLength).toBe(winner.body.result.bytes);
  });

  it("12 sessions of one tenant completing at once all succeed: one debit each, an unbroken ledger chain", async () => {
    const a = await signup();
    const sessions = await Promise.all(Array.from({ length: 12 }, () => createSessionWith(a.secretKey)));
    const results = await Promise.all(sessions.map((s, i) => (i % 2 ? uploadJson(s.client_token, pdfBytes()) : uploadMultipart(s.client_token, pdfBytes()))));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const db = svc.get().db;
    expect(await balanceOf(db, a.tenant.id)).toBe(238);
    const ledger = await db.select().from(schema.creditLedger).where(eq(schema.creditLedger.tenantId, a.tenant.id)).orderBy(schema.creditLedger.seq);
    let balance = 0;
    for (const row of ledger) {
      balance += row.delta;
      expect(row.balanceAfter).toBe(balance);
    }
    expect(balance).toBe(238);
  });

  it("one tenant's uploads never touch another tenant's balance", async () => {
    const a = await signup();
    const b = await signup();
    const s = await createSessionWith(a.secretKey);
    await uploadJson(s.client_token, pdfBytes());
    expect(await balanceOf(svc.get().db, b.tenant.id)).toBe(250);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });
});
