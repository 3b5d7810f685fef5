import { z } from "zod";

/** SPEC "Limits": the only purchasable packs. */
export const TOPUP_PACKS = [500, 2500, 10000, 50000] as const;

/** A JSON number (DESIGN: `"500"` is not an amount) equal to one of the packs. */
export const TopUpInput = z.strictObject({
  amount: z.number().refine((n) => (TOPUP_PACKS as readonly number[]).includes(n), `must be one of ${TOPUP_PACKS.join(", ")}`),
});
export type TopUpInput = z.infer<typeof TopUpInput>;

/** Below this many credits the console warns, unless the owner set another figure (0 turns the warning off). */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 25;

export const BalanceAlertInput = z.strictObject({
  low_balance_threshold: z.int("must be a whole number from 0 to 1000000").min(0, "must be a whole number from 0 to 1000000").max(1_000_000, "must be a whole number from 0 to 1000000"),
});
export type BalanceAlertInput = z.infer<typeof BalanceAlertInput>;
