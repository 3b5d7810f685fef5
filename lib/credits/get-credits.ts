import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { creditLedger, tenants } from "../db/schema";
import { ledgerEntryView, type CreditsView } from "./views";

export const LEDGER_PAGE = 200;
const SPEND_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The balance, the credits spent in the last 30 days (sum of negative deltas, as a positive
 * number) and the newest 200 ledger entries, newest first (by `seq`, which follows the
 * balance chain even within one millisecond).
 */
export async function getCredits({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<CreditsView> {
  const { db, now } = ctx;
  const [tenant] = await db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const since = new Date(now.getTime() - SPEND_WINDOW_MS);
  const [spent] = await db
    .select({ total: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(and(eq(creditLedger.tenantId, tenantId), lt(creditLedger.delta, 0), gte(creditLedger.createdAt, since)));
  const rows = await db.select().from(creditLedger).where(eq(creditLedger.tenantId, tenantId)).orderBy(desc(creditLedger.seq)).limit(LEDGER_PAGE);
  return { balance: tenant?.credits ?? 0, spent_30d: spent?.total ?? 0, ledger: rows.map(ledgerEntryView) };
}
