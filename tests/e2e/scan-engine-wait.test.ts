import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, newTenant } from "./support/api";
import { launchChromium } from "./support/browser";
import { openPhonePage, sendAndDownload, usePage } from "./support/scan-page";
import { projectA4, renderPagePhoto } from "./support/synthetic-page";
import { writeY4m } from "./support/y4m";

// A phone whose detector takes longer to load than the scanner waits for it (ENGINE_WAIT_MS,
// 10 s, scanner/ui/use-scan-flow.ts): a shutter pressed at once opens the corner editor with
// the default corners after that wait, for the person to drag, and the page is made once the
// detector has loaded. The detector's worker is held back by wrapping the page's Worker.
const FRAME = { width: 720, height: 1280 };
const WORKER_DELAY_MS = 14_000;
/** The editor's default corners (DEFAULT_QUAD), as shares of the still's sides. */
const DEFAULT_INSET = 0.08;

let browser: Browser;
beforeAll(async () => {
  const video = path.join(mkdtempSync(path.join(tmpdir(), "scan-engine-wait-")), "page.y4m");
  // A tilted page well inside the frame: a search of the still would put the corners on it, far from the default inset.
  writeY4m(video, renderPagePhoto(FRAME.width, FRAME.height, projectA4(FRAME.width, FRAME.height, { tiltX: 14, tiltY: 8, roll: 9, distance: 620, focal: 900 })));
  browser = await launchChromium({ fakeVideoFile: video });
});
afterAll(async () => browser?.close());

describe("hosted scanner, detector slower to load than the shutter", () => {
  it("opens the editor with the default corners after the wait, and makes the page once the detector is there", async () => {
    const tenant = await newTenant();
    const session = await createSession(tenant.secretKey);
    const page = await openPhonePage(browser, session.scan_url, async (context) => {
      await context.addInitScript((delay: number) => {
        const RealWorker = window.Worker;
        // Messages wait until the real worker starts `delay` ms late, as on a phone that loads it slowly.
        class LateWorker {
          onmessage: ((e: MessageEvent) => void) | null = null;
          onerror: ((e: ErrorEvent) => void) | null = null;
          private real: Worker | null = null;
          private queue: [unknown, Transferable[] | undefined][] = [];
          constructor(url: string | URL, options?: WorkerOptions) {
            setTimeout(() => {
              const real = new RealWorker(url, options);
              real.onmessage = (e) => this.onmessage?.(e);
              real.onerror = (e) => this.onerror?.(e);
              this.real = real;
              for (const [message, transfer] of this.queue) real.postMessage(message, transfer ?? []);
            }, delay);
          }
          postMessage(message: unknown, transfer?: Transferable[]) {
            if (this.real) this.real.postMessage(message, transfer ?? []);
            else this.queue.push([message, transfer]);
          }
          terminate() {
            this.real?.terminate();
          }
        }
        (window as unknown as { Worker: unknown }).Worker = LateWorker;
      }, WORKER_DELAY_MS);
    });

    await page.waitForSelector('.ds-camera[data-engine="loading"] .ds-shutter:not([disabled])', { timeout: 30_000 });
    await page.locator(".ds-shutter").click();
    await page.waitForSelector(".ds-adjust-box img", { timeout: WORKER_DELAY_MS });
    const still = (await page.locator(".ds-adjust-box").boundingBox())!;
    const at = async (corner: string) => {
      const b = (await page.locator(`.ds-handle[data-corner="${corner}"]`).boundingBox())!;
      return [(b.x + b.width / 2 - still.x) / still.width, (b.y + b.height / 2 - still.y) / still.height];
    };
    const handles = await Promise.all(["0", "1", "2", "3"].map(at));
    const inset: number[][] = [[DEFAULT_INSET, DEFAULT_INSET], [1 - DEFAULT_INSET, DEFAULT_INSET], [1 - DEFAULT_INSET, 1 - DEFAULT_INSET], [DEFAULT_INSET, 1 - DEFAULT_INSET]];
    handles.forEach(([x, y], i) => {
      expect(x).toBeCloseTo(inset[i][0], 1);
      expect(y).toBeCloseTo(inset[i][1], 1);
    });

    await usePage(page);
    expect((await sendAndDownload(page, tenant.secretKey, session.id)).byteLength).toBeGreaterThan(1000);
  });
});
