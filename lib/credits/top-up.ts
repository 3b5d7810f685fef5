import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { tenants } from "../db/schema";
import { appendLedgerEntry } from "./append-ledger";
import { getCredits } from "./get-credits";
import type { TopUpInput } from "./schemas";
import type { CreditsView } from "./views";

/**
 * Buys a credit pack (no card is charged: this stands in for a checkout). Appends a
 * `topup` entry, moves the plan to `starter` and answers with the credits read, all in one
 * transaction so the answer shows this top-up at the head of the ledger.
 */
export async function topUp({ ctx, tenantId, input }: { ctx: Ctx; tenantId: string; input: TopUpInput }): Promise<CreditsView> {
  const { db, now } = ctx;
  return withTx(db, async (tx) => {
    await appendLedgerEntry(tx, { tenantId, delta: input.amount, reason: "topup", now });
    await tx.update(tenants).set({ plan: "starter" }).where(eq(tenants.id, tenantId));
    return getCredits({ ctx: { ...ctx, db: tx }, tenantId });
  });
}
