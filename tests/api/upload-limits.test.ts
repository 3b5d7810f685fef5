/**
 * Uploads under hostile or unlucky conditions:
 * - the token is checked before the body is read when it comes in `X-Client-Token`, and
 *   before anything is stored when it comes in the body;
 * - a process reads at most MAX_CONCURRENT_UPLOADS bodies at once; past it, an upload waits
 *   in a bounded queue and is served when a slot frees, or gets 503 when the wait runs out;
 *   bodies that carry their token take none of those slots until it checks out, and a body
 *   that falls silent is cut off with 408;
 * - once a session completed, its upload target cannot change the delivered bytes;
 * - objects that will never be delivered, and temp files of cut-off writes, are swept.
 */
import { existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceClock, resetClock } from "@/lib/clock";
import { contextFor } from "@/lib/context";
import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { uploadPoolState, type UploadPool } from "@/lib/sessions/upload-slots";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, openScanner, pdfBytes, putBlob, sessionRow, uploadMultipart } from "../support/sessions";

const MAX = 64 * 1024;
const svc = useServices({ MAX_UPLOAD_BYTES: String(MAX), MAX_CONCURRENT_UPLOADS: "2" });
afterEach(() => resetClock());

/**
 * Waits until the instance's upload pool holds and queues exactly this many: the uploads a test
 * started have been admitted (or queued), however slow the machine, before it goes on.
 */
const poolReaches = (pool: UploadPool, state: { held: number; queued: number }) =>
  vi.waitFor(() => expect(uploadPoolState(Number(svc.get().config.maxConcurrentUploads))[pool]).toEqual(state), { timeout: 60_000, interval: 20 });

const blobs = (folder: string) => {
  const dir = path.join(svc.get().config.dataDir, "blobs", folder);
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith(".meta.json")) : [];
};

/** A request body that sends `first` and then nothing more until `end()`: a slow client. */
function stalledBody(first: Uint8Array) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(first);
    },
  });
  // What Node's HTTP server reports when a client disconnects mid-body.
  return { stream, controller, end: () => controller.close(), fail: () => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })) };
}

/** A body that keeps its slot: a little over the minimum rate (9 KiB every 4 s), well under MAX in a test's time, until it fails. */
function slowBody(first: Uint8Array) {
  const body = stalledBody(first);
  const more = setInterval(() => {
    try {
      body.controller.enqueue(new Uint8Array(9 * 1024).fill(0x20));
    } catch {
      clearInterval(more);
    }
  }, 4_000);
  return { ...body, fail: () => (clearInterval(more), body.fail()) };
}

function multipartHead(boundary: string, token: string | null) {
  const session = token === null ? "" : `--${boundary}\r\nContent-Disposition: form-data; name="session"\r\n\r\n${token}\r\n`;
  return new TextEncoder().encode(`${session}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
}

const uploadStream = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  call("POST", "/v1/scanner/upload", { body, headers: { "content-type": "multipart/form-data; boundary=XyZ", ...headers } });

describe("happy", () => {
  it("the client token may come in the X-Client-Token header, for multipart and JSON", async () => {
    const a = await signup();
    const viaForm = await createSessionWith(a.secretKey);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(pdfBytes(900))], { type: "application/pdf" }), "scan.pdf");
    const res = await callJson("POST", "/v1/scanner/upload", { body: form, headers: { "x-client-token": viaForm.client_token } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.bytes).toBe(900);
    const viaJson = await createSessionWith(a.secretKey);
    const json = await callJson("POST", "/v1/scanner/upload", { json: { payload: pdfBytes(700).toString("base64") }, headers: { "x-client-token": viaJson.client_token } });
    expect(json.status).toBe(200);
  });
});

describe("errors", () => {
  it("a bad or spent header token is answered before the body is read (the body never ends)", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const bad = stalledBody(multipartHead("XyZ", null));
    const refused = await uploadStream(bad.stream, { "x-client-token": s.client_token.slice(0, -3) + "abc" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("invalid_token");
    expect((await uploadMultipart(s.client_token, pdfBytes())).status).toBe(200);
    const spent = stalledBody(multipartHead("XyZ", null));
    const again = await uploadStream(spent.stream, { "x-client-token": s.client_token });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("token_already_used");
    bad.fail();
    spent.fail();
  });

  it("a file part before any token is 400 invalid_token; a body token that differs from the header is 400 at session; nothing is stored", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const other = await createSessionWith(a.secretKey);
    const before = blobs("files").length;
    const noToken = await uploadMultipart(null, pdfBytes());
    expect(noToken.body.error).toBe("invalid_token");
    const form = new FormData();
    form.set("session", other.client_token);
    form.set("file", new Blob([new Uint8Array(pdfBytes())], { type: "application/pdf" }), "scan.pdf");
    const mismatch = await callJson("POST", "/v1/scanner/upload", { body: form, headers: { "x-client-token": s.client_token } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty("session");
    expect(blobs("files")).toHaveLength(before);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });

  it("a streamed multipart file one byte over max_bytes is 413 and leaves nothing behind", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const before = blobs("files").length;
    const res = await uploadMultipart(s.client_token, pdfBytes(MAX + 1));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("file_too_large");
    expect(blobs("files")).toHaveLength(before);
    expect(blobs("files").filter((f) => f.endsWith(".tmp"))).toHaveLength(0);
    expect((await uploadMultipart(s.client_token, pdfBytes(MAX))).status).toBe(200);
  });

  it("past MAX_CONCURRENT_UPLOADS (2) an upload waits for a slot: served when one frees, 503 with Retry-After when the wait runs out", async () => {
    // One tenant per held upload: a tenant's own share is a quarter of the slots (one here).
    const [a, b, c, d] = await Promise.all([signup(), signup(), signup(), signup()]);
    const held = await Promise.all([createSessionWith(a.secretKey), createSessionWith(b.secretKey)]);
    const slow = held.map(() => slowBody(multipartHead("XyZ", null)));
    const pending = held.map((s, i) => uploadStream(slow[i].stream, { "x-client-token": s.client_token }));
    await poolReaches("credentialed", { held: 2, queued: 0 });
    const s = await createSessionWith(c.secretKey);
    const waiting = uploadMultipart(s.client_token, pdfBytes());
    // It sits in the queue: no slot is free for it to take.
    await poolReaches("credentialed", { held: 2, queued: 1 });
    slow[0].fail();
    expect((await waiting).status).toBe(200);
    // One slot is still held; take the other one again and nothing frees up.
    const s2 = await createSessionWith(a.secretKey);
    const again = slowBody(multipartHead("XyZ", null));
    const heldAgain = uploadStream(again.stream, { "x-client-token": s2.client_token });
    await poolReaches("credentialed", { held: 2, queued: 0 });
    const s3 = await createSessionWith(d.secretKey);
    const config = await openScanner(s3.client_token);
    const [busy, busyPut] = await Promise.all([uploadMultipart(s3.client_token, pdfBytes()), putBlob(config.upload.url, pdfBytes())]);
    expect(busy.status).toBe(503);
    expect(busy.body.error).toBe("service_unavailable");
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busyPut.status).toBe(503);
    slow[1].fail();
    again.fail();
    await Promise.all([...pending, heldAgain]);
    expect((await uploadMultipart(s3.client_token, pdfBytes())).status).toBe(200);
  });

  it("a tenant past its share waits while another tenant's upload passes it", async () => {
    const [a, b] = await Promise.all([signup(), signup()]);
    const mine = await createSessionWith(a.secretKey);
    const slow = stalledBody(multipartHead("XyZ", null));
    const holding = uploadStream(slow.stream, { "x-client-token": mine.client_token });
    await poolReaches("credentialed", { held: 1, queued: 0 });
    let secondDone = false;
    const second = uploadMultipart((await createSessionWith(a.secretKey)).client_token, pdfBytes()).then((r) => ((secondDone = true), r));
    const theirs = await uploadMultipart((await createSessionWith(b.secretKey)).client_token, pdfBytes());
    expect(theirs.status).toBe(200);
    expect(secondDone).toBe(false);
    slow.fail();
    await holding;
    expect((await second).status).toBe(200);
  });

  it("stalled bodies that carry their token take no upload slot; a silent one is cut off with 408", async () => {
    const a = await signup();
    // As many as the anonymous pool's slots (two at this MAX_CONCURRENT_UPLOADS).
    const anonymous = [0, 1].map(() => stalledBody(new TextEncoder().encode('{"session"')));
    const pending = anonymous.map((b) => call("POST", "/v1/scanner/upload", { body: b.stream, headers: { "content-type": "application/json" } }));
    await poolReaches("anonymous", { held: 2, queued: 0 });
    const s = await createSessionWith(a.secretKey);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(pdfBytes())], { type: "application/pdf" }), "scan.pdf");
    expect((await call("POST", "/v1/scanner/upload", { body: form, headers: { "x-client-token": s.client_token } })).status).toBe(200);
    const statuses = await Promise.all(pending.map((p) => p.then((r) => r.status)));
    expect(statuses).toEqual([408, 408]);
  });
});

describe("security", () => {
  it("after completion the upload URL cannot change the delivered document, even a PUT that started before", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const config = await openScanner(s.client_token);
    expect((await putBlob(config.upload.url, pdfBytes(1000))).status).toBe(204);
    const u = new URL(config.upload.url);
    const late = stalledBody(new Uint8Array(pdfBytes(3000).subarray(0, 100)));
    const inFlight = call("PUT", u.pathname + u.search, { body: late.stream, headers: { "content-type": "application/pdf" } });
    const done = await callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } });
    expect(done.status).toBe(200);
    late.end();
    expect((await inFlight).status).toBe(409);
    expect((await putBlob(config.upload.url, pdfBytes(5000))).status).toBe(409);
    const file = await call("GET", done.body.result.url.replace("http://localhost:3000", ""));
    expect((await file.arrayBuffer()).byteLength).toBe(1000);
    expect(done.body.result.bytes).toBe(1000);
  });

  it("the cron sweeps what will never be delivered: a failed session's upload, an unowned document, a cut-off temp file; delivered files stay", async () => {
    const a = await signup();
    const failed = await createSessionWith(a.secretKey);
    const failedConfig = await openScanner(failed.client_token);
    expect((await putBlob(failedConfig.upload.url, pdfBytes())).status).toBe(204);
    expect((await callJson("POST", "/v1/scanner/fail", { json: { session: failed.client_token, reason: "upload_error" } })).status).toBe(200);
    const kept = await createSessionWith(a.secretKey);
    const delivered = await uploadMultipart(kept.client_token, pdfBytes());
    expect(delivered.status).toBe(200);
    const folder = path.join(svc.get().config.dataDir, "blobs", "files");
    writeFileSync(path.join(folder, `${kept.id}-cutoff.pdf`), pdfBytes());
    const temp = path.join(folder, `.${kept.id}-x.pdf.abc123.tmp`);
    writeFileSync(temp, "partial");
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(temp, hourAgo, hourAgo);

    await runScheduledWork({ ctx: contextFor(svc.get()) });
    expect(blobs("uploads").filter((f) => f.startsWith(failed.id))).toEqual([]);
    expect(existsSync(temp)).toBe(false);
    expect(blobs("files").filter((f) => f.startsWith(`${kept.id}-cutoff`))).toHaveLength(1); // younger than an hour

    advanceClock(2 * 3600_000);
    await runScheduledWork({ ctx: contextFor(svc.get()) });
    expect(blobs("files").filter((f) => f.startsWith(`${kept.id}-cutoff`))).toEqual([]);
    resetClock(); // the result URL is signed for an hour
    const file = await call("GET", delivered.body.result.url.replace("http://localhost:3000", ""));
    expect(file.status).toBe(200);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });
});
