import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { now } from "@/lib/clock";
import { schema } from "@/lib/db";
import { callJson } from "../support/app";
import { expectConsoleAuthRequired, signup } from "../support/factories";
import { runCron } from "../support/delivery-helpers";
import { useReceiver } from "../support/receiver";
import { completedSession, subscribe } from "../support/redaction";
import { useServices } from "../support/services";
import { seedSession } from "../support/webhook-fixtures";

const svc = useServices({ WEBHOOK_ALLOW_PRIVATE: "true", CRON_SECRET: "cron-secret-for-retention-tests", FILE_RETENTION_SECONDS: "86400" });
const receiver = useReceiver();
const db = () => svc.get().db;
const DAY = 86_400_000;
const put = (cookie: string, json: unknown) => callJson("PUT", "/v1/dashboard/retention", { cookie, json });

describe("policy", () => {
  it("reads the defaults: documents kept for the operator's ceiling, no auto-redaction", async () => {
    const a = await signup();
    const res = await callJson("GET", "/v1/dashboard/retention", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ document_retention_seconds: null, document_retention_ceiling_seconds: 86400, redact_after_days: null });
  });

  it("saves, keeps omitted fields, clears with null", async () => {
    const a = await signup();
    expect((await put(a.cookie, { document_retention_seconds: 3600, redact_after_days: 30 })).body).toMatchObject({ document_retention_seconds: 3600, redact_after_days: 30 });
    expect((await put(a.cookie, { redact_after_days: 7 })).body).toMatchObject({ document_retention_seconds: 3600, redact_after_days: 7 });
    expect((await put(a.cookie, { document_retention_seconds: null })).body).toMatchObject({ document_retention_seconds: null, redact_after_days: 7 });
  });

  it("a policy out of bounds is 400 invalid_request with every problem in fields, and nothing saved", async () => {
    const a = await signup();
    const res = await put(a.cookie, { document_retention_seconds: 86401, redact_after_days: 0, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(Object.keys(res.body.fields).sort()).toEqual(["document_retention_seconds", "extra", "redact_after_days"]);
    for (const json of [{ document_retention_seconds: 59 }, { document_retention_seconds: 1.5 }, { document_retention_seconds: "3600" }, { redact_after_days: 3651 }, { redact_after_days: true }]) {
      const bad = await put(a.cookie, json);
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual(Object.keys(json));
    }
    expect((await put(a.cookie, [])).status).toBe(400);
    expect((await callJson("GET", "/v1/dashboard/retention", { cookie: a.cookie })).body).toMatchObject({ document_retention_seconds: null, redact_after_days: null });
  });

  it("needs the console cookie", async () => {
    await expectConsoleAuthRequired("GET", "/v1/dashboard/retention");
    await expectConsoleAuthRequired("PUT", "/v1/dashboard/retention", { redact_after_days: 1 });
  });

  it("document retention: new documents get it, a shorter one shortens documents already kept", async () => {
    const a = await signup();
    const kept = await completedSession(a);
    const [before] = await db().select().from(schema.files).where(eq(schema.files.sessionId, kept.id));
    expect(before.retainUntil.getTime() - before.createdAt.getTime()).toBe(86_400_000);
    await put(a.cookie, { document_retention_seconds: 3600 });
    const [after] = await db().select().from(schema.files).where(eq(schema.files.sessionId, kept.id));
    expect(after.retainUntil.getTime() - after.createdAt.getTime()).toBe(3_600_000);
    const fresh = await completedSession(a);
    const [file] = await db().select().from(schema.files).where(eq(schema.files.sessionId, fresh.id));
    expect(file.retainUntil.getTime() - file.createdAt.getTime()).toBe(3_600_000);
  });
});

describe("auto-redaction", () => {
  it("a 1-day policy redacts exactly the sessions finished more than a day ago, with two cron runs at once, and no others", async () => {
    const a = await signup();
    await subscribe(a, receiver.url);
    const other = await signup();
    const t = now().getTime();
    const finished = async (tenantId: string, status: "completed" | "failed" | "expired" | "created", finishedAgoMs: number) => {
      const id = await seedSession(db(), tenantId, { status, createdAt: new Date(t - finishedAgoMs - 900_000), metadata: { secret: "Jane Roe" } });
      const at = new Date(t - finishedAgoMs);
      if (status === "completed") await db().update(schema.sessions).set({ completedAt: at, tokenUsedAt: at }).where(eq(schema.sessions.id, id));
      if (status === "failed") await db().update(schema.sessions).set({ failedAt: at, tokenUsedAt: at, failReason: "scan_error" }).where(eq(schema.sessions.id, id));
      return id;
    };
    const due = [
      await finished(a.tenant.id, "completed", 2 * DAY),
      await finished(a.tenant.id, "failed", 3 * DAY),
      await finished(a.tenant.id, "expired", DAY + 60_000),
      ...(await Promise.all(Array.from({ length: 30 }, () => finished(a.tenant.id, "completed", 5 * DAY)))),
    ];
    const kept = [
      await finished(a.tenant.id, "completed", DAY - 60_000),
      await finished(a.tenant.id, "failed", 60_000),
      await finished(a.tenant.id, "created", 0),
      await finished(other.tenant.id, "completed", 10 * DAY),
    ];
    expect((await put(a.cookie, { redact_after_days: 1 })).status).toBe(200);

    const runs = await Promise.all([runCron(svc.get()), runCron(svc.get())]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    expect(runs.flatMap((r) => r.body.failed_steps)).toEqual([]);

    const rows = await db().select().from(schema.sessions).where(inArray(schema.sessions.id, [...due, ...kept]));
    const redacted = rows.filter((r) => r.redactedAt).map((r) => r.id).sort();
    expect(redacted).toEqual([...due].sort());
    for (const r of rows.filter((x) => due.includes(x.id))) expect(r.metadata).toEqual({});
    for (const r of rows.filter((x) => kept.includes(x.id))) expect(r.metadata).toEqual({ secret: "Jane Roe" });
    const audit = await db().select().from(schema.redactionAudit).where(inArray(schema.redactionAudit.sessionId, due));
    expect(audit).toHaveLength(due.length);
    for (const x of audit) expect([x.outcome, x.actor]).toEqual(["redacted", { kind: "retention_policy", id: null }]);
    const events = await db().select().from(schema.webhookDeliveries).where(inArray(schema.webhookDeliveries.sessionId, due));
    expect(events.filter((d) => d.event === "session.redacted").map((d) => d.sessionId).sort()).toEqual([...due].sort());

    // A later run finds nothing more to do.
    await runCron(svc.get());
    expect(await db().select().from(schema.redactionAudit).where(inArray(schema.redactionAudit.sessionId, due))).toHaveLength(due.length);
  });

  it("off by default: old finished sessions stay", async () => {
    const a = await signup();
    const id = await seedSession(db(), a.tenant.id, { status: "expired", createdAt: new Date(now().getTime() - 30 * DAY) });
    await runCron(svc.get());
    const [row] = await db().select().from(schema.sessions).where(eq(schema.sessions.id, id));
    expect(row.redactedAt).toBeNull();
  });
});
