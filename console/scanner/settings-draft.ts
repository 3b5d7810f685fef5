import { defaultFilter } from "@/scanner/contract";
import { CLEARABLE_PATHS, type ScannerSettings } from "@/lib/scanner-settings/schema";

/**
 * The editor's working copy of a scanner settings object, flat and keyed by the same dotted
 * paths as the API's `fields` (`theme.accent`, `watermark.text`), so a field error lands on
 * its control with no mapping. Text and number controls hold what was typed (a string);
 * `toSettings` turns the draft back into the object the API's schema checks.
 *
 * The spec's `options.grayscale` and `options.filter` are one choice here (docs/console.md,
 * "Page filter"): the draft holds the filter pages actually get, and saving writes
 * `grayscale` as `filter === "grayscale"`, so an API reader of either field sees the truth.
 */
export type SettingPath =
  | "locale"
  | "theme.accent"
  | "theme.cornerRadius"
  | "theme.brandName"
  | "completion.message"
  | "options.maxPages"
  | "options.output"
  | "options.grayscale"
  | "options.filter"
  | "options.showFlash"
  | "options.showZoom"
  | "options.showA4Hint"
  | "options.ocr"
  | "watermark.enabled"
  | "watermark.text"
  | "watermark.color"
  | "watermark.opacity"
  | "watermark.size";

type Kind = "text" | "optional-text" | "number" | "boolean";

/** Every setting of the object, with how its control's value becomes the setting's value. */
export const SETTING_KINDS: Record<SettingPath, Kind> = {
  locale: "text",
  "theme.accent": "text",
  "theme.cornerRadius": "number",
  "theme.brandName": "optional-text",
  "completion.message": "optional-text",
  "options.maxPages": "number",
  "options.output": "text",
  "options.grayscale": "boolean",
  "options.filter": "text",
  "options.showFlash": "boolean",
  "options.showZoom": "boolean",
  "options.showA4Hint": "boolean",
  "options.ocr": "boolean",
  "watermark.enabled": "boolean",
  "watermark.text": "optional-text",
  "watermark.color": "text",
  "watermark.opacity": "number",
  "watermark.size": "text",
};

const PATHS = Object.keys(SETTING_KINDS) as SettingPath[];

export type Draft = Record<SettingPath, string | boolean>;

type Nested = Record<string, unknown>;

function read(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Nested)[k] : undefined), obj);
}

function write(obj: Nested, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop() as string;
  let at = obj;
  for (const k of keys) at = (at[k] ??= {}) as Nested;
  at[last] = value;
}

/**
 * The settings with the filter and grayscale pair as the editor shows it: the filter pages get
 * (`grayscale: true` over `auto` is `grayscale`) and `grayscale` true exactly for that filter.
 */
function asEdited(settings: ScannerSettings): ScannerSettings {
  const filter = defaultFilter(settings.options);
  return { ...settings, options: { ...settings.options, filter, grayscale: filter === "grayscale" } };
}

/** A saved settings object as the editor's draft. */
export function draftFrom(settings: ScannerSettings): Draft {
  const draft = {} as Draft;
  const edited = asEdited(settings);
  for (const path of PATHS) {
    const value = read(edited, path);
    draft[path] = SETTING_KINDS[path] === "boolean" ? value === true : value === undefined ? "" : String(value);
  }
  return draft;
}

/** The draft as a complete settings object (empty optional text is left out), for the schema. */
export function toSettings(draft: Draft): Nested {
  const out: Nested = { completion: {} };
  for (const path of PATHS) {
    const value = draft[path];
    const kind = SETTING_KINDS[path];
    if (kind === "boolean") write(out, path, value === true);
    else if (kind === "number") write(out, path, String(value).trim() === "" ? undefined : Number(value));
    else if (kind === "optional-text") {
      if (String(value) !== "") write(out, path, value);
    } else write(out, path, value);
  }
  write(out, "options.grayscale", draft["options.filter"] === "grayscale");
  return out;
}

/**
 * What changed between the saved settings and the checked draft, as the patch the API takes:
 * only changed paths, and `null` for an optional text the owner emptied (which clears it).
 * Saved settings whose only difference is the spelling of the same filter (`grayscale: true`
 * over `auto`) are unchanged.
 */
export function patchBetween(saved: ScannerSettings, next: Nested): Nested {
  const patch: Nested = {};
  const edited = asEdited(saved);
  for (const path of PATHS) {
    const before = read(edited, path);
    const after = read(next, path);
    if (before === after) continue;
    write(patch, path, after === undefined && CLEARABLE_PATHS.has(path) ? null : after);
  }
  return patch;
}

export function isEmptyPatch(patch: Nested): boolean {
  return Object.keys(patch).length === 0;
}
