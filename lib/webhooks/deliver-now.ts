import { now } from "../clock";
import type { Services } from "../services";
import { attemptDelivery } from "./attempt-delivery";
import { claimDeliveries, leaseMs } from "./claim-deliveries";

/**
 * The first attempt of a new delivery, run after the response (`ctx.defer`). It claims the
 * row exactly as the cron does, so a cron run that starts meanwhile cannot send it too;
 * when the row is already claimed, finished or not yet due, it does nothing.
 */
export async function deliverNow(services: Services, deliveryId: string): Promise<void> {
  const [row] = await claimDeliveries(services.db, {
    now: now(),
    limit: 1,
    leaseMs: leaseMs(services.config.webhookTimeoutMs),
    onlyId: deliveryId,
  });
  if (row) await attemptDelivery(services, row);
}
