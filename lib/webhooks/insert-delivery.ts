import type { Db, Tx } from "../db";
import { schema } from "../db";
import { newId } from "../ids";
import type { WebhookEvent } from "./events";

export interface NewDelivery {
  tenantId: string;
  sessionId: string;
  event: WebhookEvent;
  eventId: string;
  url: string;
  payload: string;
  signingSecret: string;
  replayOf?: string | null;
  now: Date;
}

/** Inserts a `pending` delivery due at once; every delivery row is created here. */
export async function insertDelivery(db: Db | Tx, d: NewDelivery): Promise<typeof schema.webhookDeliveries.$inferSelect> {
  const [row] = await db
    .insert(schema.webhookDeliveries)
    .values({
      id: newId("delivery"),
      tenantId: d.tenantId,
      sessionId: d.sessionId,
      event: d.event,
      eventId: d.eventId,
      url: d.url,
      status: "pending",
      attempts: [],
      payload: d.payload,
      signingSecret: d.signingSecret,
      replayOf: d.replayOf ?? null,
      createdAt: d.now,
      nextAttemptAt: d.now,
    })
    .returning();
  return row;
}
