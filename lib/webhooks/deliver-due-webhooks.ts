import type { Services } from "../services";
import { attemptDelivery } from "./attempt-delivery";
import { claimDeliveries, leaseMs } from "./claim-deliveries";

/** Deliveries one run attempts at most (bounded work per cron call; the rest wait for the next). */
export const DUE_BATCH = 50;

/**
 * Claims the due deliveries (at most one batch) and attempts them in parallel; returns how
 * many were attempted. Safe to run concurrently: each row is claimed by one run only.
 */
export async function deliverDueWebhooks(services: Services, now: Date, limit = DUE_BATCH): Promise<number> {
  const claimed = await claimDeliveries(services.db, { now, limit, leaseMs: leaseMs(services.config.webhookTimeoutMs) });
  await Promise.all(claimed.map((row) => attemptDelivery(services, row)));
  return claimed.length;
}
