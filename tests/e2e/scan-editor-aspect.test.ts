import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createSession, newTenant } from "./support/api";
import { launchChromium } from "./support/browser";
import { projectA4, renderPagePhoto, type Pt } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";

// The corner editor shows the capture at its own aspect ratio, whatever the camera: a portrait
// 4K stream (2160×3840, what a phone held upright gives when asked for 4K) and a landscape one,
// on a phone-width screen and on a desktop.
const CAMERAS = [
  { name: "portrait-4k", width: 2160, height: 3840, focal: 2600 },
  { name: "landscape-1080p", width: 1920, height: 1080, focal: 1400 },
];
const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];
/** The drawn picture's aspect may differ from the capture's by this much (relative). */
const ASPECT_TOLERANCE = 0.02;
/** A handle may sit this far (share of the picture's side) from the true page corner. */
const CORNER_TOLERANCE = 0.03;

const work = mkdtempSync(path.join(tmpdir(), "scan-editor-aspect-"));
const shots = process.env.SCAN_SCREENSHOTS_DIR ?? path.join(work, "shots");
mkdirSync(shots, { recursive: true });
const browsers: Browser[] = [];
afterAll(async () => Promise.all(browsers.map((b) => b.close())));

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

describe("hosted scanner, corner editor at the capture's aspect", () => {
  for (const camera of CAMERAS) {
    it(`shows a ${camera.width}×${camera.height} capture undistorted, corners on the page's corners`, async () => {
      const video = path.join(work, `${camera.name}.y4m`);
      const truth = projectA4(camera.width, camera.height, { tiltX: 14, tiltY: -8, roll: 4, distance: 420, focal: camera.focal });
      writeY4m(video, renderPagePhoto(camera.width, camera.height, truth));
      const browser = await launchChromium({ fakeVideoFile: video });
      browsers.push(browser);
      const tenant = await newTenant();
      const session = await createSession(tenant.secretKey);
      const [phone] = SCREENS;
      const context = await browser.newContext({ viewport: phone.viewport, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(session.scan_url);
      // auto-capture opens the editor
      await page.waitForSelector(".ds-adjust", { timeout: 60_000 });
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".ds-adjust-box img");
        return !!img && img.complete && img.naturalWidth > 0;
      }, null, { timeout: 30_000 });
      const natural = await page.$eval(".ds-adjust-box img", (img) => ({ w: (img as HTMLImageElement).naturalWidth, h: (img as HTMLImageElement).naturalHeight }));
      // the capture is the camera's whole frame, not a crop of it
      expect(natural).toEqual({ w: camera.width, h: camera.height });

      for (const screen of SCREENS) {
        await page.setViewportSize(screen.viewport);
        // the stage's ResizeObserver re-fits the picture to the new screen
        await page.waitForFunction(() => {
          const stage = document.querySelector(".ds-adjust-stage")!, img = document.querySelector(".ds-adjust-box img")!;
          const s = stage.getBoundingClientRect(), b = img.getBoundingClientRect();
          return Math.max(b.width / (s.width - 44), b.height / (s.height - 44)) > 0.98;
        }, null, { timeout: 10_000 }).catch(() => undefined);
        const where = `${camera.name} on ${screen.name}`;
        const shown = await box(page, ".ds-adjust-box img");
        const stage = await box(page, ".ds-adjust-stage");
        const aspect = shown.width / shown.height, want = camera.width / camera.height;
        expect(Math.abs(aspect / want - 1), `${where}: drawn ${shown.width.toFixed(0)}×${shown.height.toFixed(0)}`).toBeLessThan(ASPECT_TOLERANCE);
        // as large as the stage allows: it fills the stage's width or its height (less the handles' inset)
        expect(Math.max(shown.width / (stage.width - 44), shown.height / (stage.height - 44)), where).toBeGreaterThan(0.98);
        expect(Math.min(shown.width, shown.height), where).toBeGreaterThan(100);

        // each handle sits on the page corner the camera saw, in the picture as drawn
        const handles = await page.locator(".ds-handle").all();
        expect(handles).toHaveLength(4);
        for (const [k, h] of handles.entries()) {
          const b = (await h.boundingBox())!;
          const at: Pt = [(b.x + b.width / 2 - shown.x) / shown.width, (b.y + b.height / 2 - shown.y) / shown.height];
          const [tx, ty] = [truth[k][0] / camera.width, truth[k][1] / camera.height];
          expect(Math.hypot(at[0] - tx, at[1] - ty), `${where}: corner ${k} at ${at.map((v) => v.toFixed(3))}, page corner at ${tx.toFixed(3)},${ty.toFixed(3)}`).toBeLessThan(CORNER_TOLERANCE);
        }
        for (const colorScheme of ["dark", "light"] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: path.join(shots, `editor-${camera.name}-${screen.name}-${colorScheme}.png`) });
        }
      }
      await context.close();
      console.log(`[scanner] editor aspect screenshots in ${shots}`);
    }, 300_000);
  }
});
