import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { tenants } from "../db/schema";
import { readBalanceAlert, type BalanceAlertView } from "./balance-alert";
import type { BalanceAlertInput } from "./schemas";

/** `PUT /v1/dashboard/alerts`: saves the low-balance threshold (0: never warn) and answers like the read. */
export async function setBalanceAlert({ ctx, tenantId, input }: { ctx: Ctx; tenantId: string; input: BalanceAlertInput }): Promise<BalanceAlertView> {
  await ctx.db.update(tenants).set({ lowBalanceThreshold: input.low_balance_threshold }).where(eq(tenants.id, tenantId));
  return readBalanceAlert(ctx.db, tenantId);
}
