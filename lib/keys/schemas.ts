import { z } from "zod";
import { requiredEnum } from "../validation";

export const KEY_NAME_MAX = 60;

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
