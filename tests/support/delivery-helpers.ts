/** Reading deliveries back in the webhook and cron tests (polling, since any cron run may make an attempt). */
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/lib/db";
import type { Services } from "@/lib/services";
import { callJson } from "./app";

export async function deliveryRow(db: Db, id: string) {
  const [row] = await db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id));
  return row;
}

/** Waits until the delivery has `attempts` recorded attempts (whichever run made them). */
export async function waitForAttempts(db: Db, id: string, attempts: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await deliveryRow(db, id);
    if (row && row.attemptCount >= attempts) return row;
    if (Date.now() > until) throw new Error(`delivery ${id} has ${row?.attemptCount} attempts, expected ${attempts}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function sessionStatus(db: Db, id: string) {
  const [row] = await db.select({ status: schema.sessions.status }).from(schema.sessions).where(eq(schema.sessions.id, id));
  return row?.status;
}

/** One cron call as a scheduler makes it. */
export async function runCron(services: Services, method: "GET" | "POST" = "POST") {
  return callJson(method, "/v1/cron/webhooks", { bearer: services.config.cronSecret });
}
