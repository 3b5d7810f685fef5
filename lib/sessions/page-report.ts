import { z } from "zod";
import { CAPTURE_SOURCES, CORNER_ORIGINS, FILTERS, LEGIBLE_DPI, PAGE_REPORT_BOUNDS as B, PAGE_WARNINGS, SETTINGS_BOUNDS, type PageReport as ContractPageReport } from "../../scanner/contract";
import { PageText } from "./page-text";
import type { FieldErrors } from "../errors";
import { issuesToFields } from "../validation";

const unit = (description: string) => z.number().min(B.unit.min).max(B.unit.max).meta({ description });
const pixels = (description: string) => z.int().min(B.pixels.min).max(B.pixels.max).meta({ description });

/**
 * One page's quality report as the scanner measures it (scanner/contract.ts), validated
 * strictly: unknown keys, numbers outside their bounds (or not finite), fractional pixel
 * sizes and repeated warnings are each reported at their own path. The descriptions are the
 * API reference's (lib/openapi); docs/sessions.md says what a good page scores.
 */
export const PageReport = z
  .strictObject({
    filter: z.enum(FILTERS).meta({ description: "What the scanner did to the page's light and colour: `auto` (room light removed, paper white, colour kept), `grayscale`, `bw` (one bit per pixel) or `original` (no change)." }),
    source: z.enum(CAPTURE_SOURCES).meta({ description: "Where the picture came from: `camera` (live camera) or `file` (a photo the person picked)." }),
    corners: z.enum(CORNER_ORIGINS).meta({ description: "How the page's corners were set: `detected` by the detector and kept, `adjusted` by hand, `default` when nothing was detected and the starting frame was kept." }),
    confidence: unit("The detector's confidence in the corners it found, 0..1 (0 when it found none); 0.8 or more is trustworthy."),
    width: pixels("Width in pixels of the delivered page image."),
    height: pixels("Height in pixels of the delivered page image."),
    dpi: z.int().min(B.dpi.min).max(B.dpi.max).meta({ description: `Pixels per inch of the delivered page at its physical size (A4/Letter when snapped); 150 or more reads well for OCR, under ${LEGIBLE_DPI} is too small for 10 pt print.` }),
    sharpness: unit("Focus of the straightened page, 0 (no edges) .. 1 (crisp print); 0.35 or more is good, under 0.15 blurry."),
    glare: unit("Share of the page that is blown out (glare, flash), 0..1; 0.01 or less is good, over 0.05 glared."),
    brightness: unit("Mean brightness of the paper in the camera's picture, 0 (black) .. 1 (white); 0.45 to 0.95 is good, under 0.25 too dark."),
    unevenness_before: unit("Spread of the paper's brightness over an 8x8 grid, (max - min) / max, before the filter; 0 is even (room light typically gives 0.1 to 0.4)."),
    unevenness_after: unit("The same spread after the filter; 0.08 or less is good."),
    warnings: z
      .array(z.enum(PAGE_WARNINGS))
      .refine((list) => new Set(list).size === list.length, "must not repeat a warning")
      .meta({ description: `Prompts the person saw at capture (\`blurry\`, \`dark\`, \`glare\`, \`low_resolution\`: under ${LEGIBLE_DPI} dpi) and kept the page anyway.` }),
    ocr: PageText.optional(),
  })
  .meta({ id: "PageReport" });
export type PageReport = z.infer<typeof PageReport>;

// What the schema accepts is exactly the contract's type, in both directions.
const sameShape: [PageReport, ContractPageReport] extends [ContractPageReport, PageReport] ? true : never = true;
void sameShape;

/** The report of a whole document: one entry per page, in page order; never more pages than any session allows. */
export const PageReports = z
  .array(PageReport)
  .max(SETTINGS_BOUNDS.maxPages.max, `must have at most ${SETTINGS_BOUNDS.maxPages.max} pages`)
  .meta({ description: "One quality report per page, in page order, as the scanner measured them. Optional; at most `options.maxPages` entries, and exactly `pages` when both are sent." });

/**
 * The multipart `report` field: JSON text of the array, checked like the JSON bodies' `report`
 * (problems keyed `report.0.sharpness`, text that is not JSON keyed `report`). Problems go
 * into `fields`; the report is returned only when it is valid.
 */
export function parseReportText(text: string, fields: FieldErrors): PageReport[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fields.report = "must be a JSON array of page reports";
    return undefined;
  }
  const parsed = PageReports.safeParse(value);
  if (parsed.success) return parsed.data;
  Object.assign(fields, issuesToFields(parsed.error.issues, "report"));
  return undefined;
}

/**
 * The rules that need the rest of the request and the session: no more entries than the
 * session's `options.maxPages`, and exactly `pages` entries when the scanner also sent a
 * page count. Keyed `report`, added to `fields`.
 */
export function checkReportLength(report: PageReport[] | undefined, pages: number | undefined, maxPages: number, fields: FieldErrors): void {
  if (!report) return;
  if (report.length > maxPages) fields.report ??= `must have at most ${maxPages} entries (the session's options.maxPages)`;
  else if (pages !== undefined && report.length !== pages) fields.report ??= `must have one entry per page: ${pages} (pages), not ${report.length}`;
}
