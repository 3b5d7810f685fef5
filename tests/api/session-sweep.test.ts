/**
 * The scheduled sweeps, on the real clock with a 2-second TTL and retention: moving the app
 * clock instead would let this file's sweep touch other test files' rows in a shared database.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/db";
import { sweepExpiredFiles } from "@/lib/files";
import { sweepOverdueSessions } from "@/lib/sessions";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { balanceOf, createSessionWith, openScanner, pdfBytes, putBlob, sessionRow, uploadJson } from "../support/sessions";
import { contextFor } from "@/lib/context";
import { pagePicturesFolder } from "@/lib/files/page-pictures/stored";

const svc = useServices({ SESSION_TTL_SECONDS: "2", FILE_RETENTION_SECONDS: "2" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs bounded sweeps until `done` holds (other rows may be overdue in a shared database). */
async function sweepUntil<T>(sweep: () => Promise<T>, done: () => Promise<boolean>): Promise<T[]> {
  const runs: T[] = [];
  for (let i = 0; i < 200 && !(await done()); i++) runs.push(await sweep());
  expect(await done()).toBe(true);
  return runs;
}

describe("happy", () => {
  it("sessions: created/opened → expired, scanning → failed with one scan.failed, completed untouched", async () => {
    const a = await signup();
    await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: "https://hooks.example.com/x", events: ["scan.failed"] } });
    const done = await createSessionWith(a.secretKey);
    await uploadJson(done.client_token, pdfBytes());
    const opened = await createSessionWith(a.secretKey);
    await openScanner(opened.client_token);
    const scanning = await createSessionWith(a.secretKey);
    await putBlob((await openScanner(scanning.client_token)).upload.url, pdfBytes());
    // Made last, swept at once: on a loaded machine the set-up above can outlast the TTL, and a
    // sweep that finds the others overdue already is still one of the runs checked below.
    const created = await createSessionWith(a.secretKey);
    const runs = [await sweepOverdueSessions({ ctx: contextFor(svc.get()) })];
    expect((await sessionRow(svc.get().db, created.id)).status).toBe("created");
    await sleep(2100);
    const moved = async () => (await sessionRow(svc.get().db, created.id)).status === "expired" && (await sessionRow(svc.get().db, opened.id)).status === "expired" && (await sessionRow(svc.get().db, scanning.id)).status === "failed";
    runs.push(...(await sweepUntil(() => sweepOverdueSessions({ ctx: contextFor(svc.get()) }), moved)));
    expect((await sessionRow(svc.get().db, done.id)).status).toBe("completed");
    const deliveries = await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, scanning.id));
    expect(deliveries.map((d) => d.event)).toEqual(["scan.failed"]);
    expect(runs.flatMap((r) => r.deliveryIds)).toContain(deliveries[0].id);
    await sweepOverdueSessions({ ctx: contextFor(svc.get()) });
    expect(await svc.get().db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, scanning.id))).toHaveLength(1);
    expect(await balanceOf(svc.get().db, a.tenant.id)).toBe(249);
  });

  it("files: the sweep deletes objects past retention and their page pictures, and marks rows deleted; the URL then reads 404", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await uploadJson(s.client_token, pdfBytes());
    const [file] = await svc.get().db.select().from(schema.files).where(eq(schema.files.sessionId, s.id));
    const blob = path.join(svc.get().config.dataDir, "blobs", file.storageKey);
    expect(existsSync(blob)).toBe(true);
    // The console's first look at a page stores the document's picture manifest beside it.
    await call("GET", `/v1/dashboard/sessions/${s.id}/pages/1`, { headers: { cookie: a.cookie } });
    const pictures = () => svc.get().storage.list(pagePicturesFolder(file.storageKey), 10);
    expect((await pictures()).length).toBeGreaterThan(0);
    await sleep(2100);
    const deleted = async () => (await svc.get().db.select().from(schema.files).where(eq(schema.files.id, file.id)))[0].deletedAt !== null;
    await sweepUntil(() => sweepExpiredFiles({ ctx: contextFor(svc.get()) }), deleted);
    expect(existsSync(blob)).toBe(false);
    expect(await pictures()).toEqual([]);
    const get = await call("GET", res.body.result.url.replace("http://localhost:3000", ""));
    expect(get.status).toBe(404);
  });
});
