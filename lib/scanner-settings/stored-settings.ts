import { PLATFORM_DEFAULTS } from "../../scanner/contract";
import type { FieldErrors } from "../errors";
import { isPlainObject, mergeSettings } from "./merge";
import type { ScannerSettings } from "./schema";

/**
 * A settings object read back from the database (a profile, a session's snapshot), with the
 * platform default in place of every key it lacks. Settings saved before a key existed
 * (`options.filter`) so read as if they had its default, with no data migration and no moment
 * in which an old row fails the schema that now requires the key. Keys it has are kept as saved.
 */
export function storedSettings(stored: unknown): ScannerSettings {
  if (!isPlainObject(stored)) return PLATFORM_DEFAULTS;
  // Stored settings were validated when written: there is nothing to report, only keys to fill.
  const ignored: FieldErrors = {};
  return mergeSettings(PLATFORM_DEFAULTS, stored, ignored) as ScannerSettings;
}
