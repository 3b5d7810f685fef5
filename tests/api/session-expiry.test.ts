import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { signHandoffCode } from "@/lib/tokens";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, openScanner, pdfBytes, putBlob, sessionRow, uploadJson } from "../support/sessions";

const svc = useServices();
const TTL = 900_000;
afterEach(() => resetClock());

const statusOf = async (secretKey: string, id: string) => (await callJson("GET", `/v1/sessions/${id}`, { bearer: secretKey })).body.status;

/** Every endpoint that takes a client token or hand-off code. */
function tokenEndpoints(s: { id: string; client_token: string }, code: string) {
  return {
    status: () => callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`),
    qr: () => callJson("GET", `/v1/sessions/${s.id}/qr?t=${s.client_token}`),
    configT: () => callJson("GET", `/v1/scanner/config?t=${s.client_token}`),
    configC: () => callJson("GET", `/v1/scanner/config?c=${code}`),
    upload: () => uploadJson(s.client_token, pdfBytes()),
    complete: () => callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } }),
    fail: () => callJson("POST", "/v1/scanner/fail", { json: { session: s.client_token, reason: "scan_error" } }),
  };
}

describe("happy", () => {
  it("one millisecond before the TTL everything still works", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    advanceClock(Date.parse(s.expires_at) - now().getTime() - 1000);
    expect((await callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`)).status).toBe(200);
    expect((await uploadJson(s.client_token, pdfBytes())).status).toBe(200);
  });

  it("a completed session stays completed after its TTL (secret-key read keeps the result)", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await uploadJson(s.client_token, pdfBytes(777));
    advanceClock(TTL + 1000);
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(read.body).toMatchObject({ status: "completed", result: { bytes: 777 } });
  });
});

describe("errors", () => {
  it("past the TTL every token endpoint answers 410 session_expired; nothing changes", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const endpoints = tokenEndpoints(s, signHandoffCode(svc.get().config, s.id));
    advanceClock(TTL);
    for (const [name, send] of Object.entries(endpoints)) {
      const res = await send();
      expect(res.status, name).toBe(410);
      expect(res.body.error).toBe("session_expired");
    }
    expect(await sessionRow(svc.get().db, s.id)).toMatchObject({ status: "created", tokenUsedAt: null });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });

  it("the status the integrator reads never lags: created/opened read expired, scanning reads failed", async () => {
    const a = await signup();
    const created = await createSessionWith(a.secretKey);
    const opened = await createSessionWith(a.secretKey);
    await openScanner(opened.client_token);
    const scanning = await createSessionWith(a.secretKey);
    await putBlob((await openScanner(scanning.client_token)).upload.url, pdfBytes());
    advanceClock(TTL + 1);
    expect(await statusOf(a.secretKey, created.id)).toBe("expired");
    expect(await statusOf(a.secretKey, opened.id)).toBe("expired");
    expect(await statusOf(a.secretKey, scanning.id)).toBe("failed");
    const list = await callJson("GET", "/v1/dashboard/sessions", { cookie: a.cookie });
    expect(Object.fromEntries(list.body.sessions.map((x: { id: string; status: string }) => [x.id, x.status]))).toEqual({
      [created.id]: "expired",
      [opened.id]: "expired",
      [scanning.id]: "failed",
    });
  });

  it("an uploaded blob cannot be completed after the TTL, and the blob URL dies with the session", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const config = await openScanner(s.client_token);
    await putBlob(config.upload.url, pdfBytes());
    advanceClock(TTL);
    const res = await callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } });
    expect(res.status).toBe(410);
    const put = await putBlob(config.upload.url, pdfBytes());
    expect(put.status).toBe(403);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });
});

describe("security", () => {
  it("a tampered token stays 401/400 after expiry (invalid_token is for bad tokens, 410 for good old ones)", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    advanceClock(TTL + 1);
    const bad = s.client_token.slice(0, -2) + "zz";
    expect((await callJson("GET", `/v1/sessions/${s.id}/status?t=${bad}`)).status).toBe(401);
    expect((await call("POST", "/v1/scanner/complete", { json: { session: bad } })).status).toBe(400);
  });
});
