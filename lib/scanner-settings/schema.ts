import { z } from "zod";
import { FILTERS, LOCALES, OUTPUTS, SETTINGS_BOUNDS as B, WATERMARK_SIZES, type ScannerSettings } from "../../scanner/contract";

// The lists, bounds and type live in the scanner's contract module, which the browser imports too.
export { FILTERS, LOCALES, OUTPUTS, WATERMARK_SIZES, type ScannerSettings };

/** Keys that could reach an object's prototype when copied; refused wherever a key is accepted. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOUR = /^rgb\(\s*(\d{1,3})\s+(\d{1,3})\s+(\d{1,3})\s*\)$/i;

/** `#rgb`, `#rrggbb` or `rgb(r g b)` with each channel 0–255. */
export function isCssColour(value: string): boolean {
  if (HEX_COLOUR.test(value)) return true;
  const rgb = RGB_COLOUR.exec(value);
  return rgb !== null && rgb.slice(1).every((c) => Number(c) <= 255);
}

const colour = z.string().refine(isCssColour, "must be a colour: #rgb, #rrggbb or rgb(r g b)");

/** Length in characters (code points), so one emoji counts once. */
const text = ({ min, max }: { min: number; max: number }) =>
  z.string().refine((s) => {
    const n = [...s].length;
    return n >= min && n <= max;
  }, `must be ${min} to ${max} characters`);

const Theme = z.strictObject({
  accent: colour,
  cornerRadius: z.number().min(B.cornerRadius.min).max(B.cornerRadius.max),
  brandName: text(B.brandName).optional(),
});

const Completion = z.strictObject({ message: text(B.completionMessage).optional() });

const Options = z.strictObject({
  maxPages: z.number().int().min(B.maxPages.min).max(B.maxPages.max),
  output: z.enum(OUTPUTS),
  grayscale: z.boolean(),
  filter: z.enum(FILTERS),
  showFlash: z.boolean(),
  showZoom: z.boolean(),
  showA4Hint: z.boolean(),
  ocr: z.boolean().meta({ description: "Searchable PDF: the scanner reads each page's words (in `locale`'s language and English) and lays them invisibly over the image; each page's text is in `result.pages[].ocr`. Default false." }),
});

const Watermark = z.strictObject({
  enabled: z.boolean(),
  text: text(B.watermarkText).optional(),
  color: colour,
  opacity: z.number().min(B.watermarkOpacity.min).max(B.watermarkOpacity.max),
  size: z.enum(WATERMARK_SIZES),
});

/**
 * The complete scanner settings object, shared by profiles, session overrides and the
 * scanner config response. Strict at every level: unknown keys fail at their own path.
 */
export const ScannerSettingsSchema = z
  .strictObject({
    locale: z.enum(LOCALES),
    theme: Theme,
    completion: Completion,
    options: Options,
    watermark: Watermark,
  })
  .superRefine(
    (s, ctx) => {
      const watermark: unknown = s?.watermark;
      if (typeof watermark !== "object" || watermark === null) return;
      const { enabled, text } = watermark as { enabled?: unknown; text?: unknown };
      if (enabled === true && text === undefined) {
        ctx.addIssue({ code: "custom", path: ["watermark", "text"], message: "is required when watermark.enabled is true" });
      }
    },
    // Run even when other fields failed, so every problem is reported at once.
    { when: () => true },
  );

// What the schema accepts is exactly the contract's type, in both directions.
type Parsed = z.infer<typeof ScannerSettingsSchema>;
const sameShape: [Parsed, ScannerSettings] extends [ScannerSettings, Parsed] ? true : never = true;
void sameShape;

/** Optional string fields a patch may clear by sending `null`. */
export const CLEARABLE_PATHS: ReadonlySet<string> = new Set(["theme.brandName", "completion.message", "watermark.text"]);
