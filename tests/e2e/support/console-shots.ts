/** Screenshots of one console page in both themes at phone and desktop widths, each checked with axe. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoSeriousA11yViolations, saveScreenshot, setThemeTo, VIEWPORTS } from "./console";

/**
 * For each width and theme: resize, switch the account's theme, reload, let `prepare`
 * bring the page into the state worth showing, run axe, check nothing widens the page, and save `<name>-<width>-<theme>`.
 */
export async function screenshotEveryTheme(page: Page, name: string, prepare: (page: Page) => Promise<void>): Promise<void> {
  for (const width of ["phone", "desktop"] as const) {
    for (const theme of ["light", "dark"] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      await setThemeTo(page, theme);
      await page.reload();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await prepare(page);
      await expectNoSeriousA11yViolations(page, `${name} ${width} ${theme}`);
      // Wide tables scroll inside their card; the page itself never scrolls sideways.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `${name} ${width} ${theme}: page width`).toBeLessThanOrEqual(VIEWPORTS[width].width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${name}-${width}-${theme}`);
    }
  }
}
