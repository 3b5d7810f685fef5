import type { Ctx } from "../context";
import { attemptDelivery } from "./attempt-delivery";
import { claimDeliveries, leaseMs } from "./claim-deliveries";

/** Deliveries one run attempts at most (bounded work per cron call; the rest wait for the next). */
export const DUE_BATCH = 50;

/**
 * Claims the due deliveries (at most one batch) and attempts them in parallel; returns how
 * many were attempted. Safe to run concurrently: each row is claimed by one run only.
 */
export async function deliverDueWebhooks({ ctx, limit = DUE_BATCH }: { ctx: Ctx; limit?: number }): Promise<number> {
  const claimed = await claimDeliveries(ctx.db, { now: ctx.now, limit, leaseMs: leaseMs(ctx.config.webhookTimeoutMs) });
  await Promise.all(claimed.map((row) => attemptDelivery(ctx, row)));
  return claimed.length;
}
