import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { completeSession } from "@/lib/sessions/complete-session";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, openScanner, pdfBytes, putBlob, sessionRow, uploadJson } from "../support/sessions";
import { contextFor } from "@/lib/context";

const MAX = 4096;
const svc = useServices({ MAX_UPLOAD_BYTES: String(MAX) });

async function opened(secretKey: string) {
  const s = await createSessionWith(secretKey);
  const config = await openScanner(s.client_token);
  return { ...s, uploadUrl: config.upload.url as string };
}

const complete = (session: unknown, extra: Record<string, unknown> = {}) => callJson("POST", "/v1/scanner/complete", { json: { session, ...extra } });

describe("happy", () => {
  it("PUT to upload.url (204, session scanning) then complete: size read back from storage, one debit", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    const put = await putBlob(s.uploadUrl, pdfBytes(3000));
    expect(put.status).toBe(204);
    expect(await put.text()).toBe("");
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body.status).toBe("scanning");
    const res = await complete(s.client_token, { pages: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", session_id: s.id, result: { url: expect.any(String), page_count: 4, bytes: 3000, content_type: "application/pdf", pages: [] } });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
    const file = await call("GET", res.body.result.url.replace("http://localhost:3000", ""));
    expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes(3000))).toBe(true);
  });

  it("a second PUT before completion replaces the bytes; exactly max_bytes is accepted", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    expect((await putBlob(s.uploadUrl, pdfBytes(100))).status).toBe(204);
    expect((await putBlob(s.uploadUrl, pdfBytes(MAX))).status).toBe(204);
    expect((await complete(s.client_token)).body.result.bytes).toBe(MAX);
  });
});

describe("errors", () => {
  it("blob: 403 invalid_signature for a changed key, exp or sig, or a missing part", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    const other = await opened(a.secretKey);
    const u = new URL(s.uploadUrl);
    const q = u.searchParams;
    const variants = [
      `key=${encodeURIComponent(new URL(other.uploadUrl).searchParams.get("key")!)}&exp=${q.get("exp")}&sig=${q.get("sig")}`,
      `key=${encodeURIComponent(q.get("key")!)}&exp=${Number(q.get("exp")) + 1}&sig=${q.get("sig")}`,
      `key=${encodeURIComponent(q.get("key")!)}&exp=${q.get("exp")}&sig=${q.get("sig")!.slice(1)}`,
      `key=${encodeURIComponent(q.get("key")!)}&exp=${q.get("exp")}`,
      "",
    ];
    for (const query of variants) {
      const res = await call("PUT", `/v1/scanner/blob?${query}`, { body: new Uint8Array(pdfBytes()), headers: { "content-type": "application/pdf" } });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("invalid_signature");
    }
    expect((await complete(s.client_token)).body.error).toBe("upload_not_found");
  });

  it("blob: 400 empty_file, 413 one byte over, 400 invalid_file, 400 invalid_request for another content type; nothing stored", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    const cases: [Buffer, string, number, string][] = [
      [Buffer.alloc(0), "application/pdf", 400, "empty_file"],
      [pdfBytes(MAX + 1), "application/pdf", 413, "file_too_large"],
      [pdfBytes(1 << 20), "application/pdf", 413, "file_too_large"],
      [Buffer.from("GIF89a not a pdf"), "application/pdf", 400, "invalid_file"],
      [Buffer.from("%PD"), "application/pdf", 400, "invalid_file"],
      [pdfBytes(), "image/png", 400, "invalid_request"],
    ];
    for (const [bytes, type, status, error] of cases) {
      const res = await putBlob(s.uploadUrl, bytes, type);
      expect(res.status, error).toBe(status);
      expect((await res.json()).error).toBe(error);
    }
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("opened");
    const res = await complete(s.client_token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("upload_not_found");
  });

  it("complete: 409 upload_not_found when nothing was uploaded; nothing debited", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    const res = await complete(s.client_token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("upload_not_found");
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("complete: 400 invalid_token for missing, tampered or hand-off tokens; 400 invalid_request for bad fields", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putBlob(s.uploadUrl, pdfBytes());
    // a token that is not a string, or longer than any token, is malformed like a tampered one
    for (const token of [undefined, "", s.client_token + "x", "sess_aaaaaaaaaaaaaaaaaaaa.AAAAAAAAAAAAAAAA", 5, [s.client_token], { t: 1 }, "x".repeat(5000)]) {
      const res = await complete(token as string);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_token");
    }
    for (const [extra, field] of [[{ pages: "2" }, "pages"], [{ pages: 0 }, "pages"], [{ bytes: 99 }, "bytes"]] as const) {
      const res = await complete(s.client_token, extra);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "invalid_request", fields: { [field]: expect.any(String) } });
    }
    for (const body of ["{", "[1]", "null"]) expect((await callJson("POST", "/v1/scanner/complete", { json: body })).status).toBe(400);
    expect((await sessionRow(svc.get().db, s.id)).tokenUsedAt).toBeNull();
  });

  it("complete twice, or after a one-step upload: 409 token_already_used; blob PUT after completion is refused", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putBlob(s.uploadUrl, pdfBytes(1200));
    expect((await complete(s.client_token)).status).toBe(200);
    const again = await complete(s.client_token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("token_already_used");
    const put = await putBlob(s.uploadUrl, pdfBytes(2000));
    expect(put.status).toBe(409);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body.result.bytes).toBe(1200);
    const s2 = await opened(a.secretKey);
    await uploadJson(s2.client_token, pdfBytes());
    expect((await complete(s2.client_token)).body.error).toBe("token_already_used");
  });
});

describe("security", () => {
  it("30 parallel completes with one token: exactly one 200, 29 × 409, one ledger row with the session id", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putBlob(s.uploadUrl, pdfBytes(2048));
    const results = await Promise.all(Array.from({ length: 30 }, () => complete(s.client_token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error === "token_already_used")).toHaveLength(29);
    const ledger = await ledgerForSession(svc.get().db, s.id);
    expect(ledger).toEqual([expect.objectContaining({ delta: -1, reason: "session", sessionId: s.id })]);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });

  it("the claim itself is atomic: 30 concurrent completion transactions past every pre-check, one commits", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putBlob(s.uploadUrl, pdfBytes(2048));
    const session = await sessionRow(svc.get().db, s.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () => completeSession({ ctx: contextFor(svc.get()), session, storageKey: `uploads/${s.id}.pdf`, bytes: 2048, pages: 1 })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const codes = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason instanceof ApiError ? o.reason.code : String(o.reason)] : []));
    expect(codes).toEqual(Array(29).fill("token_already_used"));
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(1);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });

  it("15 uploads and 15 completes racing on one token: exactly one wins", async () => {
    const a = await signup();
    const s = await opened(a.secretKey);
    await putBlob(s.uploadUrl, pdfBytes(2048));
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? complete(s.client_token) : uploadJson(s.client_token, pdfBytes(1024)))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(29);
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(1);
  });

  it("a blob URL of one session cannot complete another; tokens are not interchangeable across tenants", async () => {
    const a = await signup();
    const b = await signup();
    const sa = await opened(a.secretKey);
    const sb = await opened(b.secretKey);
    await putBlob(sa.uploadUrl, pdfBytes());
    const res = await complete(sb.client_token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("upload_not_found");
    expect(await balanceOf(svc.get().db, b.tenant.id)).toBe(250);
  });
});
