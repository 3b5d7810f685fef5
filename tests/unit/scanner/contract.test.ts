/**
 * The scanner and the service read one contract (scanner/contract.ts). These tests tie the
 * service's zod schemas and the scanner's defensive reader to it, so the two sides cannot
 * drift: what the server accepts, the scanner reads back unchanged; what the scanner clamps
 * to, the server accepts.
 */
import { describe, expect, it } from "vitest";
import { FAIL_REASONS, LOCALES, PLATFORM_DEFAULTS, SETTINGS_BOUNDS, WATERMARK_SIZES, type ScannerSettings } from "@/scanner/contract";
import { resolveSettings } from "@/scanner/settings";
import { TABLES } from "@/scanner/i18n";
import { ScannerSettingsSchema } from "@/lib/scanner-settings";
import { FailInput } from "@/lib/sessions/schemas";

const withDefaults = (patch: (s: ScannerSettings) => void): ScannerSettings => {
  const s = structuredClone(PLATFORM_DEFAULTS) as ScannerSettings;
  patch(s);
  return s;
};

const NUMBER_BOUNDS: [keyof typeof SETTINGS_BOUNDS, (s: ScannerSettings, v: number) => void, (s: ScannerSettings) => number][] = [
  ["cornerRadius", (s, v) => void (s.theme.cornerRadius = v), (s) => s.theme.cornerRadius],
  ["maxPages", (s, v) => void (s.options.maxPages = v), (s) => s.options.maxPages],
  ["watermarkOpacity", (s, v) => void (s.watermark.opacity = v), (s) => s.watermark.opacity],
];

const TEXT_BOUNDS: ["brandName" | "completionMessage", (s: ScannerSettings, v: string) => void, (s: ScannerSettings) => string | undefined][] = [
  ["brandName", (s, v) => void (s.theme.brandName = v), (s) => s.theme.brandName],
  ["completionMessage", (s, v) => void (s.completion.message = v), (s) => s.completion.message],
];

describe("scanner contract", () => {
  it("the platform defaults are a settings object the service accepts, and the scanner reads unchanged", () => {
    expect(ScannerSettingsSchema.safeParse(PLATFORM_DEFAULTS).success).toBe(true);
    expect(resolveSettings(PLATFORM_DEFAULTS)).toEqual(PLATFORM_DEFAULTS);
  });

  it("every locale the service accepts has a string table, and the scanner keeps it", () => {
    expect(Object.keys(TABLES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const s = withDefaults((s) => void (s.locale = locale));
      expect(ScannerSettingsSchema.safeParse(s).success, locale).toBe(true);
      expect(resolveSettings(s).locale).toBe(locale);
    }
    expect(ScannerSettingsSchema.safeParse({ ...PLATFORM_DEFAULTS, locale: "xx" }).success).toBe(false);
  });

  it("every watermark size the service accepts, the scanner keeps", () => {
    for (const size of WATERMARK_SIZES) {
      const s = withDefaults((s) => void (s.watermark.size = size));
      expect(ScannerSettingsSchema.safeParse(s).success).toBe(true);
      expect(resolveSettings(s).watermark.size).toBe(size);
    }
  });

  it.each(NUMBER_BOUNDS)("%s: the service accepts both bounds and refuses beyond; the scanner clamps to what the service accepts", (name, set, get) => {
    const { min, max } = SETTINGS_BOUNDS[name];
    for (const v of [min, max]) {
      const s = withDefaults((s) => set(s, v));
      expect(ScannerSettingsSchema.safeParse(s).success, `${name} = ${v}`).toBe(true);
      expect(get(resolveSettings(s))).toBe(v);
    }
    for (const [beyond, clamped] of [[min - 1, min], [max + 1, max]]) {
      const s = withDefaults((s) => set(s, beyond));
      expect(ScannerSettingsSchema.safeParse(s).success, `${name} = ${beyond}`).toBe(false);
      const read = resolveSettings(s);
      expect(get(read)).toBe(clamped);
      expect(ScannerSettingsSchema.safeParse(read).success).toBe(true);
    }
  });

  it.each(TEXT_BOUNDS)("%s: the longest text the service accepts reaches the scanner whole", (name, set, get) => {
    const longest = "x".repeat(SETTINGS_BOUNDS[name].max);
    const s = withDefaults((s) => set(s, longest));
    expect(ScannerSettingsSchema.safeParse(s).success).toBe(true);
    expect(get(resolveSettings(s))).toBe(longest);
    expect(ScannerSettingsSchema.safeParse(withDefaults((s) => set(s, `${longest}x`))).success).toBe(false);
  });

  it("every failure reason the scanner can report, the service accepts, and nothing else", () => {
    for (const reason of FAIL_REASONS) expect(FailInput.safeParse({ session: "t", reason }).success, reason).toBe(true);
    expect(FailInput.safeParse({ session: "t", reason: "bored" }).success).toBe(false);
  });
});
