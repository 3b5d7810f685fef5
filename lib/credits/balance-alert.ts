import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { tenants } from "../db/schema";
import { ApiError } from "../errors";
import { DEFAULT_LOW_BALANCE_THRESHOLD } from "./schemas";

/** The balance warning as the console reads it: the threshold, the balance, and whether it is low now. */
export interface BalanceAlertView {
  low_balance_threshold: number;
  balance: number;
  low: boolean;
}

/** The tenant's balance and warning threshold (the default when never set). */
export async function readBalanceAlert(db: Db, tenantId: string): Promise<BalanceAlertView> {
  const [row] = await db.select({ credits: tenants.credits, threshold: tenants.lowBalanceThreshold }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw new ApiError("not_found");
  const threshold = row.threshold ?? DEFAULT_LOW_BALANCE_THRESHOLD;
  return { low_balance_threshold: threshold, balance: row.credits, low: threshold > 0 && row.credits <= threshold };
}
