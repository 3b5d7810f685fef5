import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, ledgerForSession, pdfBytes, sessionRow, uploadJson } from "../support/sessions";

const svc = useServices();
const fail = (json: unknown) => callJson("POST", "/v1/scanner/fail", { json });

async function subscribed(events: string[]) {
  const a = await signup();
  const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: "https://hooks.example.com/docscan", events } });
  expect(res.status).toBe(200);
  return a;
}

describe("happy", () => {
  it.each(["camera_unavailable", "scan_error", "upload_error"])("reason %s: failed, scan.failed recorded, no credit", async (reason) => {
    const a = await subscribed(["scan.completed", "scan.failed"]);
    const s = await createSessionWith(a.secretKey, { metadata: { ref: reason } });
    const res = await fail({ session: s.client_token, reason });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", session_id: s.id });
    expect(await sessionRow(svc.get().db, s.id)).toMatchObject({ status: "failed", failReason: reason, failedAt: expect.any(Date) });
    const deliveries = await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, s.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].event).toBe("scan.failed");
    expect(JSON.parse(deliveries[0].payload)).toMatchObject({ type: "scan.failed", session_id: s.id, metadata: { ref: reason }, result: null });
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
    expect(await ledgerForSession(svc.get().db, s.id)).toEqual([]);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body.status).toBe("failed");
  });

  it("no delivery when the tenant is not subscribed to scan.failed", async () => {
    const a = await subscribed(["scan.completed"]);
    const s = await createSessionWith(a.secretKey);
    expect((await fail({ session: s.client_token, reason: "scan_error" })).status).toBe(200);
    expect(await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, s.id))).toEqual([]);
  });
});

describe("errors", () => {
  it("a failed session is spent: upload, complete and fail again answer 409 token_already_used", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await fail({ session: s.client_token, reason: "scan_error" });
    for (const res of [
      await uploadJson(s.client_token, pdfBytes()),
      await callJson("POST", "/v1/scanner/complete", { json: { session: s.client_token } }),
      await fail({ session: s.client_token, reason: "scan_error" }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("token_already_used");
    }
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(250);
  });

  it("a completed session cannot be failed", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await uploadJson(s.client_token, pdfBytes());
    const res = await fail({ session: s.client_token, reason: "scan_error" });
    expect(res.status).toBe(409);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("completed");
  });

  it("400 invalid_token and 400 invalid_request (reason missing, unknown, wrong type; extra keys)", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    for (const json of [{ reason: "scan_error" }, { session: "x.y.z", reason: "scan_error" }, { session: 5, reason: "scan_error" }, { session: null, reason: "scan_error" }]) {
      const res = await fail(json);
      expect(res.status).toBe(400);
      expect(res.body.error, JSON.stringify([json, res.body])).toBe("invalid_token");
    }
    for (const json of [{ session: s.client_token }, { session: s.client_token, reason: "bored" }, { session: s.client_token, reason: 1 }, { session: s.client_token, reason: "scan_error", x: 1 }]) {
      const res = await fail(json);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });
});

describe("security", () => {
  it("parallel fail and upload on one token: exactly one outcome", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? fail({ session: s.client_token, reason: "scan_error" }) : uploadJson(s.client_token, pdfBytes()))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const row = await sessionRow(svc.get().db, s.id);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(row.status === "completed" ? 249 : 250);
  });
});
