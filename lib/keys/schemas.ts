import { z } from "zod";

export const KEY_NAME_MAX = 60;

export const CreateKeyInput = z.strictObject({
  name: z
    .string()
    .trim()
    .refine((s) => [...s].length <= KEY_NAME_MAX, `must be at most ${KEY_NAME_MAX} characters`)
    .optional(),
  kind: z.enum(["publishable", "secret"]),
  mode: z.enum(["test", "live"]),
});
export type CreateKeyInput = z.infer<typeof CreateKeyInput>;
