// The live tick timed where the scanner runs it: in a Web Worker in headless Chromium (Debian's,
// as the browser suite uses). The page shrinks each photo as the scanner shrinks a video frame
// (createImageBitmap to `liveSize` on the long side, resizeQuality "low"), reads its pixels and
// hands them to the worker. Wall time per tick, the median of `repeats`.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { NormQuad } from "../../scanner/worker/protocol";
import { launchChromium } from "../../tests/e2e/support/browser";
import { chromiumPath } from "../../tests/e2e/support/chromium";

/** Photos per round trip to the page. */
const BATCH = 20;

interface Job { photos: string[]; liveSize: number; repeats: number }
/** One photo's live tick in the worker: normalised corners (or null), confidence, wall ms, and the photo's own size. */
export interface WorkerTick { corners: NormQuad | null; confidence: number; ms: number; photo: { width: number; height: number } }

/** The live tick of each of `files` in a Chromium worker, in order; null when no Chromium is installed. */
export async function liveTicksInWorker(files: string[], liveSize: number, repeats: number, bundle: (entry: string) => string): Promise<WorkerTick[] | null> {
  if (!chromiumPath()) return null;
  const script = readFileSync(bundle(path.join(import.meta.dirname, "live-worker-entry.ts")), "utf8");
  const browser = await launchChromium({ camera: false });
  try {
    const page = await browser.newPage();
    await page.evaluate((source) => {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      (globalThis as unknown as { liveWorker: Worker }).liveWorker = new Worker(url);
    }, script);
    const run = (job: Job) => page.evaluate(async ({ photos, liveSize, repeats }) => {
      const frames: { data: ArrayBuffer; width: number; height: number }[] = [], sizes: { width: number; height: number }[] = [];
      for (const photo of photos) {
        const blob = new Blob([Uint8Array.from(atob(photo), (c) => c.charCodeAt(0))]);
        const probe = await createImageBitmap(blob);
        sizes.push({ width: probe.width, height: probe.height });
        const k = liveSize / Math.max(probe.width, probe.height);
        const [width, height] = [Math.round(probe.width * k), Math.round(probe.height * k)];
        const live = await createImageBitmap(probe, { resizeWidth: width, resizeHeight: height, resizeQuality: "low" });
        const ctx = new OffscreenCanvas(width, height).getContext("2d")!;
        ctx.drawImage(live, 0, 0);
        frames.push({ data: ctx.getImageData(0, 0, width, height).data.buffer, width, height });
      }
      const worker = (globalThis as unknown as { liveWorker: Worker }).liveWorker;
      return new Promise<WorkerTick[]>((resolve) => {
        worker.onmessage = (e: MessageEvent<Omit<WorkerTick, "photo">[]>) => resolve(e.data.map((tick, i) => ({ ...tick, photo: sizes[i] })));
        worker.postMessage({ frames, repeats }, frames.map((f) => f.data));
      });
    }, job);
    const photos = (batch: string[]) => batch.map((f) => readFileSync(f).toString("base64"));
    await run({ photos: photos(files.slice(0, 4)), liveSize, repeats: 5 }); // JIT warm-up
    const ticks: WorkerTick[] = [];
    for (let i = 0; i < files.length; i += BATCH) ticks.push(...(await run({ photos: photos(files.slice(i, i + BATCH)), liveSize, repeats })));
    return ticks;
  } finally {
    await browser.close();
  }
}
