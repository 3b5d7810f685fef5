import { isLocale } from "./i18n";
import { contrastRatio, parseColour, type Rgb } from "./colour";
import { FILTERS, PLATFORM_DEFAULTS, SETTINGS_BOUNDS as B, WATERMARK_SIZES, type Filter, type ScannerSettings, type WatermarkSize } from "./contract";

export type { ScannerSettings };

type Dict = Record<string, unknown>;
const obj = (v: unknown): Dict => (v && typeof v === "object" && !Array.isArray(v) ? (v as Dict) : {});
const bool = (v: unknown, d: boolean) => (typeof v === "boolean" ? v : d);
const str = (v: unknown, max: number) => (typeof v === "string" && v.trim() ? v.slice(0, max) : undefined);
const num = (v: unknown, d: number, { min, max }: { min: number; max: number }) =>
  typeof v === "number" && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : d;
const colour = (v: unknown, d: string) => (typeof v === "string" && parseColour(v) ? v : d);

/**
 * Reads the `scanner` object of the config response over the platform defaults.
 * The server already validated it; this stays defensive so a bad value can never
 * break the page (an unknown locale falls back to English, numbers are clamped
 * to DESIGN's bounds).
 */
export function resolveSettings(raw: unknown): ScannerSettings {
  const d = PLATFORM_DEFAULTS, r = obj(raw);
  const theme = obj(r.theme), options = obj(r.options), wm = obj(r.watermark), done = obj(r.completion);
  const size = WATERMARK_SIZES.includes(wm.size as WatermarkSize) ? (wm.size as WatermarkSize) : d.watermark.size;
  return {
    locale: isLocale(r.locale) ? r.locale : d.locale,
    theme: {
      accent: colour(theme.accent, d.theme.accent),
      cornerRadius: num(theme.cornerRadius, d.theme.cornerRadius, B.cornerRadius),
      brandName: str(theme.brandName, B.brandName.max),
    },
    completion: { message: str(done.message, B.completionMessage.max) },
    options: {
      maxPages: Math.round(num(options.maxPages, d.options.maxPages, B.maxPages)),
      output: "pdf",
      grayscale: bool(options.grayscale, d.options.grayscale),
      filter: FILTERS.includes(options.filter as Filter) ? (options.filter as Filter) : d.options.filter,
      showFlash: bool(options.showFlash, d.options.showFlash),
      showZoom: bool(options.showZoom, d.options.showZoom),
      showA4Hint: bool(options.showA4Hint, d.options.showA4Hint),
      ocr: bool(options.ocr, d.options.ocr),
    },
    watermark: {
      enabled: bool(wm.enabled, d.watermark.enabled) && !!str(wm.text, B.watermarkText.max),
      text: str(wm.text, B.watermarkText.max),
      color: colour(wm.color, d.watermark.color),
      opacity: num(wm.opacity, d.watermark.opacity, B.watermarkOpacity),
      size,
    },
  };
}

const INK_DARK = "#0b1220";
const INK_LIGHT = "#ffffff";

/**
 * CSS custom properties for the page. Text on the accent colour is whichever of
 * near-black or white contrasts more, so any tenant accent stays readable (the
 * default #1a90cc gets dark text: 5.3:1, where white would fail AA at 3.6:1).
 */
export function themeVariables(s: ScannerSettings): Record<string, string> {
  const accent = parseColour(s.theme.accent) ?? parseColour(PLATFORM_DEFAULTS.theme.accent)!;
  return {
    "--accent": rgbCss(accent),
    "--accent-ink": accentInk(accent),
    "--radius": `${s.theme.cornerRadius}px`,
  };
}

/** The text colour that contrasts more with the accent. */
export function accentInk(accent: Rgb): string {
  const dark = contrastRatio(accent, parseColour(INK_DARK)!);
  const light = contrastRatio(accent, parseColour(INK_LIGHT)!);
  return dark >= light ? INK_DARK : INK_LIGHT;
}

function rgbCss([r, g, b]: Rgb): string {
  return `rgb(${r} ${g} ${b})`;
}

/** The watermark to draw on every PDF page, or null when disabled or without text. */
export function pdfWatermark(s: ScannerSettings): { text: string; color: string; opacity: number; size: WatermarkSize } | null {
  const wm = s.watermark;
  return wm.enabled && wm.text ? { text: wm.text, color: wm.color, opacity: wm.opacity, size: wm.size } : null;
}
