import type { Ctx } from "../context";
import { readBalanceAlert, type BalanceAlertView } from "./balance-alert";

/** `GET /v1/dashboard/alerts`: whether the balance is at or below the owner's threshold. */
export function getBalanceAlert({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<BalanceAlertView> {
  return readBalanceAlert(ctx.db, tenantId);
}
