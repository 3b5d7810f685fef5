import { deepFreeze, PLATFORM_DEFAULTS } from "../../scanner/contract";
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

/** Distinct settings texts kept merged; past it the map starts again (a tenant has a handful). */
const FROM_TEXT_LIMIT = 1024;
const fromText = new Map<string, ScannerSettings>();
/** The JSON text of each settings object `storedSettingsFromText` gave out. */
const textOf = new WeakMap<ScannerSettings, string>();

/**
 * `storedSettings` of settings read as the database's JSON text, merged once per distinct text:
 * session creation reads its key's default profile on every request, and parsing, merging over
 * the defaults and serialising it again for the session's snapshot was ~25 µs of each. The
 * answer is frozen, since requests share it; `settingsJson` gives its text back without work.
 */
export function storedSettingsFromText(text: string): ScannerSettings {
  let settings = fromText.get(text);
  if (settings === undefined) {
    if (fromText.size >= FROM_TEXT_LIMIT) fromText.clear();
    settings = deepFreeze(storedSettings(JSON.parse(text)));
    fromText.set(text, settings);
    if (!textOf.has(settings)) textOf.set(settings, JSON.stringify(settings));
  }
  return settings;
}

/** Settings as JSON text, for a session's snapshot: kept for shared settings, made for any other. */
export function settingsJson(settings: ScannerSettings): string {
  return textOf.get(settings) ?? JSON.stringify(settings);
}
