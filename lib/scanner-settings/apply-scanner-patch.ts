import { ApiError, type FieldErrors } from "../errors";
import { issuesToFields } from "../validation";
import { isPlainObject, mergeSettings } from "./merge";
import { ScannerSettingsSchema, type ScannerSettings } from "./schema";

export type ScannerErrorCode = "invalid_request" | "invalid_scanner_config";

/**
 * Applies a partial scanner settings object over `base` and returns the complete result.
 * The merge happens first and the whole result is validated once, so every problem (a
 * wrong type, an unknown or prototype key, a bound, `watermark.text` missing while the
 * watermark is enabled) comes back at once in `fields`, keyed by path (`theme.accent`).
 * Throws `ApiError(code)`; sessions pass `invalid_scanner_config`, the console
 * `invalid_request`. `rootKey` names the patch itself when it is not an object.
 */
export function applyScannerPatch(base: ScannerSettings, patch: unknown, code: ScannerErrorCode, rootKey = "scanner"): ScannerSettings {
  if (!isPlainObject(patch)) throw new ApiError(code, { fields: { [rootKey]: "must be an object" } });
  // Null prototype: a problem keyed `__proto__` must be a plain entry, not a prototype write.
  const problems: FieldErrors = Object.create(null);
  const merged = mergeSettings(base, patch, problems);
  const parsed = ScannerSettingsSchema.safeParse(merged);
  const fields = { ...(parsed.success ? {} : issuesToFields(parsed.error.issues)), ...problems };
  if (!parsed.success || Object.keys(problems).length > 0) throw new ApiError(code, { fields });
  return parsed.data;
}
