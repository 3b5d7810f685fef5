import { LEGIBLE_DPI, type PageWarning } from "../contract";
import { captureWarnings } from "../image/measure";
import type { PageMeasures } from "../worker/protocol";

/**
 * The capture prompts a page calls for, in the order the editor shows them: its measures
 * (blurry below 0.15 sharpness, dark below 0.25 brightness, glare above 5 % of the page:
 * `WARN` in scanner/image/measure.ts), then `low_resolution` when the page comes out below
 * LEGIBLE_DPI. The editor's one entry to the thresholds; measure.ts holds only pure code, so
 * this stays light on the main thread.
 */
export function pageWarnings(m: PageMeasures, dpi: number): PageWarning[] {
  const out = captureWarnings(m);
  if (dpi < LEGIBLE_DPI) out.push("low_resolution");
  return out;
}
