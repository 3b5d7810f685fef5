import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema, withTx } from "../db";
import { ApiError } from "../errors";
import { toDeliveryView, type DeliveryView } from "./delivery-view";
import type { WebhookEvent } from "./events";
import { deliverNow } from "./deliver-now";
import { insertDelivery } from "./insert-delivery";
import { loadWebhookSettings } from "./webhook-config";

/**
 * Re-sends a past delivery as a new record (`replay_of` = its id): same event, target URL
 * and payload bytes, signed with the tenant's CURRENT secret. The original row is never
 * touched. Attempted after the response, once the new row is committed. Unknown or another
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
      url: original.url,
      payload: original.payload,
      signingSecret: secret,
      replayOf: original.id,
      now: args.ctx.now,
    });
    return toDeliveryView(row);
  });
  args.ctx.defer(() => deliverNow({ ctx: args.ctx, deliveryId: replay.id }));
  return replay;
}
