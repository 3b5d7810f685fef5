import { z } from "zod";

export const KEY_NAME_MAX = 60;

/** An enum field that says "is required" when absent (zod's default names the options instead). */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? "is required" : `must be one of ${values.join(", ")}`) });

export const CreateKeyInput = z.strictObject({
  name: z
    .string()
    .trim()
    .refine((s) => [...s].length <= KEY_NAME_MAX, `must be at most ${KEY_NAME_MAX} characters`)
    .optional(),
  kind: requiredEnum(["publishable", "secret"]),
  mode: requiredEnum(["test", "live"]),
});
export type CreateKeyInput = z.infer<typeof CreateKeyInput>;
