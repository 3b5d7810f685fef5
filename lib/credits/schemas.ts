import { z } from "zod";

/** SPEC "Limits": the only purchasable packs. */
export const TOPUP_PACKS = [500, 2500, 10000, 50000] as const;

/** A JSON number (DESIGN: `"500"` is not an amount) equal to one of the packs. */
export const TopUpInput = z.strictObject({
  amount: z.number().refine((n) => (TOPUP_PACKS as readonly number[]).includes(n), `must be one of ${TOPUP_PACKS.join(", ")}`),
});
export type TopUpInput = z.infer<typeof TopUpInput>;
