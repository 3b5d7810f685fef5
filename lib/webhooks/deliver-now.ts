import { now as clockNow } from "../clock";
import type { Ctx } from "../context";
import { attemptDelivery } from "./attempt-delivery";
import { claimDeliveries, leaseMs } from "./claim-deliveries";

/**
 * The first attempt of a new delivery, run after the response: verbs that create a delivery
 * schedule it with `ctx.defer(() => deliverNow({ ctx, deliveryId }))`. It claims the
 * row exactly as the cron does, so a cron run that starts meanwhile cannot send it too;
 * when the row is already claimed, finished or not yet due, it does nothing.
 */
export async function deliverNow({ ctx, deliveryId }: { ctx: Ctx; deliveryId: string }): Promise<void> {
  // The clock is read again: this runs after the response, later than `ctx.now`.
  const [row] = await claimDeliveries(ctx.db, {
    now: clockNow(),
    limit: 1,
    leaseMs: leaseMs(ctx.config.webhookTimeoutMs),
    onlyId: deliveryId,
  });
  if (row) await attemptDelivery(ctx, row);
}
