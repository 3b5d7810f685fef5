import { z } from "zod";

export const DomainInput = z.strictObject({
  domain: z.string().min(1, "is required").max(2048, "must be at most 2048 characters"),
});
export type DomainInput = z.infer<typeof DomainInput>;
