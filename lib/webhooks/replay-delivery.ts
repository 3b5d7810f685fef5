import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema, withTx, type Tx } from "../db";
import { ApiError } from "../errors";
import { webhookResultView } from "./webhook-result";
import { toDeliveryView, type DeliveryView } from "./delivery-view";
import { redactedPayload, serialisePayload, type WebhookEvent, type WebhookPayload } from "./events";
import { deliverNow } from "./deliver-now";
import { insertDelivery } from "./insert-delivery";
import { loadWebhookSettings } from "./webhook-config";

/**
 * Re-sends a past delivery as a new record (`replay_of` = its id): the same event (its id,
 * type, session, metadata and time) to the same URL, signed with the tenant's CURRENT secret.
 * The payload is rebuilt with a freshly signed `result.url` (living through the replay
 * delivery's own retries), since the first one may have expired; everything else in it is
 * unchanged. The original row is never touched. A redacted session's deliveries replay their
 * redacted body. Attempted after the response, once the new row is committed. Unknown or another
 * tenant's id: `404 not_found`.
 */
export async function replayDelivery(args: { ctx: Ctx; tenantId: string; deliveryId: string }): Promise<DeliveryView> {
  const d = schema.webhookDeliveries;
  const replay = await withTx(args.ctx.db, async (tx) => {
    const [original] = await tx
      .select()
      .from(d)
      .where(and(eq(d.id, args.deliveryId), eq(d.tenantId, args.tenantId)));
    if (!original) throw new ApiError("not_found", { message: "No such delivery." });
    const { secret } = await loadWebhookSettings(tx, args.tenantId);
    const row = await insertDelivery(tx, {
      tenantId: args.tenantId,
      sessionId: original.sessionId,
      event: original.event as WebhookEvent,
      eventId: original.eventId,
      url: original.url,
      payload: await replayPayload(tx, args.ctx, original),
      signingSecret: secret,
      replayOf: original.id,
      now: args.ctx.now,
    });
    return toDeliveryView(row);
  });
  args.ctx.defer(() => deliverNow({ ctx: args.ctx, deliveryId: replay.id }));
  return replay;
}

/**
 * Whether the session's redaction was asked for (lib/redaction). The row is read `for share`:
 * a redaction clearing the session's payloads holds its row, so a replay either waits for it
 * and sends the redacted body, or commits first and has its new row cleared with the rest.
 */
async function redactionAsked(tx: Tx, sessionId: string): Promise<boolean> {
  const s = schema.sessions;
  const [row] = await tx.select({ asked: s.redactionRequestedAt }).from(s).where(eq(s.id, sessionId)).for("share");
  return Boolean(row?.asked);
}

/**
 * The original payload with the event id (deliveries made before event ids carry it only
 * in the header) and a fresh `result` when the session's document still exists; after the
 * file's retention has run out, the original result is kept (its link answers 404).
 */
async function replayPayload(tx: Tx, ctx: Pick<Ctx, "config" | "now">, original: typeof schema.webhookDeliveries.$inferSelect): Promise<string> {
  if (await redactionAsked(tx, original.sessionId)) return redactedPayload(original.payload);
  const sent = JSON.parse(original.payload) as WebhookPayload;
  const [file] = sent.result ? await tx.select().from(schema.files).where(eq(schema.files.sessionId, original.sessionId)) : [];
  const result = file ? webhookResultView(ctx.config, file, ctx.now) : sent.result;
  return serialisePayload({ ...sent, id: original.eventId, result: result as WebhookPayload["result"] });
}
