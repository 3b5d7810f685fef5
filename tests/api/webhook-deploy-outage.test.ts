/**
 * A receiver down for a deploy still gets `scan.completed` without a replay, and the link it
 * gets then works: the default schedule (attempts at 0, +5 min, +25 min) under a moved clock,
 * with a short FILE_URL_TTL so a link that only lived FILE_URL_TTL would have expired.
 * Retries run through `deliverNow` (claims only this delivery), not the cron, whose sweep
 * under a moved clock would touch other files' rows on a shared database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { contextFor } from "@/lib/context";
import { flushDeferred } from "@/lib/http";
import { deliverNow } from "@/lib/webhooks/deliver-now";
import { call, callJson } from "../support/app";
import { deliveryRow } from "../support/delivery-helpers";
import { signup } from "../support/factories";
import { startReceiver, type Receiver } from "../support/receiver";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadMultipart } from "../support/sessions";

const svc = useServices({ WEBHOOK_ALLOW_PRIVATE: "true", FILE_URL_TTL_SECONDS: "600" });
const MINUTE = 60_000;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ kind: "status", status: 503, body: "deploying" });
});
afterAll(() => receiver.close());
afterEach(() => resetClock());

describe("retries across a deploy", () => {
  it("a receiver down for 10 minutes gets scan.completed on the third attempt, 25 minutes in, with a link that downloads", async () => {
    const a = await signup();
    expect((await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url: receiver.url } })).status).toBe(200);
    const s = await createSessionWith(a.secretKey, { metadata: { order: "A-1001" } });
    const pdf = pdfBytes(2048);
    expect((await uploadMultipart(s.client_token, pdf)).status).toBe(200);
    await flushDeferred();
    const ctx = () => contextFor(svc.get());
    const [delivery] = (await callJson("GET", "/v1/dashboard/webhook/deliveries", { cookie: a.cookie })).body.deliveries;
    const row = () => deliveryRow(svc.get().db, delivery.id);
    const started = now().getTime();

    expect(await row()).toMatchObject({ attemptCount: 1, status: "pending" });
    const firstDue = (await row()).nextAttemptAt!.getTime();
    expect(firstDue - started).toBeGreaterThanOrEqual(5 * MINUTE - 1000);
    const health = (await callJson("GET", "/v1/dashboard/webhook/health", { cookie: a.cookie })).body;
    expect(health).toMatchObject({ state: "failing", pending: 1, next_attempt_at: new Date(firstDue).toISOString() });

    advanceClock(5 * MINUTE);
    await deliverNow({ ctx: ctx(), deliveryId: delivery.id });
    expect(await row()).toMatchObject({ attemptCount: 2, status: "pending" });
    expect((await row()).nextAttemptAt!.getTime() - now().getTime()).toBeGreaterThanOrEqual(20 * MINUTE - 1000);

    advanceClock(5 * MINUTE); // the deploy ends 10 minutes in
    receiver.setMode({ kind: "status", status: 204 });
    await deliverNow({ ctx: ctx(), deliveryId: delivery.id }); // not due yet: nothing is sent
    expect((await row()).attemptCount).toBe(2);

    advanceClock(15 * MINUTE);
    await deliverNow({ ctx: ctx(), deliveryId: delivery.id });
    expect(await row()).toMatchObject({ attemptCount: 3, status: "succeeded" });
    const session = (await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body;
    expect(session.status).toBe("delivered");

    const got = receiver.requests.filter((q) => JSON.parse(q.rawBody.toString()).session_id === s.id);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((q) => q.rawBody.toString())).size).toBe(1); // every attempt sends the stored bytes
    const event = JSON.parse(got[2].rawBody.toString());
    expect(event).toMatchObject({ type: "scan.completed", session_id: s.id, metadata: { order: "A-1001" } });

    // 25 minutes after the scan, well past FILE_URL_TTL (10 min here), the link still downloads,
    // and keeps working for a full FILE_URL_TTL after the last attempt
    const link = new URL(event.result.url);
    const download = await call("GET", link.pathname + link.search);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // A minute either side: the app's clock also runs on in real time, seconds on a loaded machine.
    advanceClock(10 * MINUTE - 60_000);
    expect((await call("GET", link.pathname + link.search)).status).toBe(200);
    advanceClock(120_000);
    expect((await call("GET", link.pathname + link.search)).status).toBe(404);
  });
});
