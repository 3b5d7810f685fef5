import { z } from "zod";
import { requiredEnum } from "../validation";

/** Shown to users as "characters"; counted in code points so unicode counts fairly. */
const chars = (min: number, max: number, what = "") =>
  z.string().refine((s) => {
    const n = [...s].length;
    return n >= min && n <= max;
  }, `must be ${min === 0 ? "at most" : `${min} to`} ${max} characters${what}`);

export const PASSWORD_MIN = 10;
/** Generous but bounded: every login and signup hashes what it is given. */
export const PASSWORD_MAX = 1024;

const Email = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be a valid email address"));

/** A new password: the sign-up rule. */
const NewPassword = z.string().refine((s) => [...s].length >= PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).refine((s) => s.length <= PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const SignupInput = z.strictObject({
  email: Email,
  password: NewPassword,
  name: z.string().trim().pipe(chars(1, 100)).optional(),
  company: z.string().trim().pipe(chars(1, 100)).optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

/** No format rules at login: an email that cannot exist simply does not match. */
export const LoginInput = z.strictObject({
  email: z.string().trim().min(1, "is required").max(254, "must be at most 254 characters"),
  password: z.string().min(1, "is required").max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const THEME_MODES = ["light", "dark", "auto"] as const;

export const UpdateSettingsInput = z.strictObject({ theme_mode: requiredEnum(THEME_MODES) });
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInput>;

export const ChangePasswordInput = z.strictObject({
  current_password: z.string().min(1, "is required").max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  new_password: NewPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** Deleting an account: the owner types their email address, as typed at sign-up or in any case. */
export const DeleteAccountInput = z.strictObject({ confirm: z.string().trim().min(1, "is required").max(254, "must be at most 254 characters") });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
