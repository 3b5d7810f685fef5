/**
 * Terminal states stay terminal. Invariants: a session that failed (by the
 * scanner or by the sweep) or expired can never complete afterwards; exactly one of
 * scan.completed / scan.failed is recorded per session; a debit happens only with
 * completion; a request that started before the TTL but claims after it does not complete.
 * The sweep's moves are applied to this test's own sessions only (shared database).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema, withTx } from "@/lib/db";
import { claimCompletion, expireOverdue, failOverdue } from "@/lib/session-states/transitions";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, ledgerForSession, openScanner, pdfBytes, putBlob, sessionRow } from "../support/sessions";

const svc = useServices({ SESSION_TTL_SECONDS: "3" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const later = () => new Date(Date.now() + 60_000);

async function scanningSession() {
  const a = await signup();
  await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: "https://hooks.example.com/x", events: ["scan.completed", "scan.failed"] } });
  const s = await createSessionWith(a.secretKey);
  const config = await openScanner(s.client_token);
  expect((await putBlob(config.upload.url, pdfBytes())).status).toBe(204);
  return s;
}

const complete = (token: string) => callJson("POST", "/v1/scanner/complete", { json: { session: token } });

async function eventsOf(sessionId: string): Promise<string[]> {
  const rows = await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, sessionId));
  return rows.map((r) => r.event).sort();
}

describe("security", () => {
  it("failed by the sweep (scanning past the TTL) → complete is refused; one scan.failed, no debit", async () => {
    const s = await scanningSession();
    // The sweep, on a clock past the TTL, for this session only.
    const failed = await withTx(svc.get().db, (tx) => failOverdue(tx, s.id, later()));
    expect(failed?.status).toBe("failed");
    const res = await complete(s.client_token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("token_already_used");
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("failed");
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(0);
  });

  it("failed by the scanner → complete and a second fail are refused", async () => {
    const s = await scanningSession();
    expect((await callJson("POST", "/v1/scanner/fail", { json: { session: s.client_token, reason: "scan_error" } })).status).toBe(200);
    expect((await complete(s.client_token)).status).toBe(409);
    expect((await callJson("POST", "/v1/scanner/fail", { json: { session: s.client_token, reason: "scan_error" } })).status).toBe(409);
    expect(await eventsOf(s.id)).toEqual(["scan.failed"]);
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(0);
  });

  it("expired by the sweep → an upload is refused, even while the request clock still sees the session live", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await openScanner(s.client_token);
    expect(await expireOverdue(svc.get().db, [s.id], later())).toBe(1);
    const res = await callJson("POST", "/v1/scanner/upload", { json: { session: s.client_token, payload: pdfBytes().toString("base64") } });
    expect(res.status).toBe(410);
    expect(res.body.error).toBe("session_expired");
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("expired");
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(0);
  });

  it("a completion that started before the TTL but claims after it (by the database's clock) does not complete", async () => {
    const s = await scanningSession();
    const startedAt = new Date();
    await sleep(3_500); // the TTL is 3 s
    const claimed = await withTx(svc.get().db, (tx) => claimCompletion(tx, s.id, startedAt, 1));
    expect(claimed).toBe(false);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("scanning");
  });

  it("completed → the sweep cannot fail or expire it; delivered is the only way on", async () => {
    const s = await scanningSession();
    expect((await complete(s.client_token)).status).toBe(200);
    expect(await withTx(svc.get().db, (tx) => failOverdue(tx, s.id, later()))).toBeNull();
    expect(await expireOverdue(svc.get().db, [s.id], later())).toBe(0);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("completed");
    expect(await eventsOf(s.id)).toEqual(["scan.completed"]);
    expect(await ledgerForSession(svc.get().db, s.id)).toHaveLength(1);
  });
});
