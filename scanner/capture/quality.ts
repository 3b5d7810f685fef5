import type { PageWarning } from "../contract";
import { captureWarnings } from "../image/measure";
import type { PageMeasures } from "../worker/protocol";

/**
 * The capture prompts a page's measures call for (blurry below 0.15 sharpness, dark below
 * 0.25 brightness, glare above 5 % of the page: `WARN` in scanner/image/measure.ts), in the
 * order the editor shows them. The editor's one entry to the thresholds; measure.ts holds
 * only pure code, so this stays light on the main thread.
 */
export function pageWarnings(m: PageMeasures): PageWarning[] {
  return captureWarnings(m);
}
