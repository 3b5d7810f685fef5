import { z } from "zod";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { issuesToFields } from "../validation";
import { applyScannerPatch, isPlainObject, type ScannerSettings } from "../scanner-settings";

export const PROFILE_NAME_MAX = 60;

const ProfileName = z
  .string()
  .trim()
  .refine((s) => {
    const n = [...s].length;
    return n >= 1 && n <= PROFILE_NAME_MAX;
  }, `must be 1 to ${PROFILE_NAME_MAX} characters`);

/** `scanner` is a patch, validated against its base by `parseProfileInput`. */
export const CreateProfileInput = z.strictObject({ name: ProfileName, scanner: z.unknown().optional() });
export type CreateProfileInput = z.infer<typeof CreateProfileInput>;

export const UpdateProfileInput = z.strictObject({ name: ProfileName.optional(), scanner: z.unknown().optional(), make_default: z.boolean().optional() });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The message of a name another profile of the tenant has. */
export const NAME_TAKEN = "is already used by another profile";

/**
 * Validates a profile body and applies its `scanner` patch over `base` in one pass, so
 * problems with `name` (including `nameTaken`, a read of the tenant's other profiles) and
 * with the settings (keyed `theme.accent`, ...) come back together as one `400
 * invalid_request`. Returns the input and the resulting settings (undefined when no
 * `scanner` was sent).
 */
export async function parseProfileInput<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  base: ScannerSettings,
  nameTaken: (name: string) => Promise<boolean>,
): Promise<{ input: T; settings?: ScannerSettings }> {
  const parsed = schema.safeParse(raw);
  const fields: FieldErrors = parsed.success ? {} : issuesToFields(parsed.error.issues);
  const name = ProfileName.safeParse(isPlainObject(raw) ? raw.name : undefined);
  if (name.success && (await nameTaken(name.data))) fields.name = NAME_TAKEN;
  const patch = isPlainObject(raw) ? raw.scanner : undefined;
  let settings: ScannerSettings | undefined;
  if (patch !== undefined) {
    try {
      settings = applyScannerPatch(base, patch, "invalid_request");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      Object.assign(fields, err.fields);
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) throw invalidRequest(fields);
  return { input: parsed.data, settings };
}
