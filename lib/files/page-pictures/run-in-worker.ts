import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ExtractedPictures, PictureLimits } from "./extract.mjs";

export interface WorkerLimits {
  /** The worker's own heap (old and young generation together), in MiB. */
  heapMb: number;
  /** Wall-clock time before the worker is stopped. */
  deadlineMs: number;
}

/**
 * The worker's answer. `timedOut`: stopped at the deadline, which says as much about the
 * machine's load as about the document, so the refusal is not stored.
 */
export type WorkerResult = ExtractedPictures | { refused: string; timedOut: true };

/**
 * The worker's file, found from the working directory rather than from this module: this code
 * runs from Next's bundles (whose paths are not the source's) as well as from the source, and
 * the file ships beside the source in every deployment (`outputFileTracingIncludes` in
 * next.config.ts brings it, with pdf-lib, into the page-picture function).
 */
const WORKER_FILE = path.join(process.cwd(), "lib", "files", "page-pictures", "worker.mjs");

/**
 * Runs `extractPagePictures` in a worker thread, so a hostile document costs that thread, never
 * the request's event loop: its heap is capped (`resourceLimits`; past it the worker dies, and
 * the document is refused), and it is stopped at the deadline (refused as well). The PDF's
 * bytes are moved to the worker, not copied.
 */
export function extractInWorker(pdf: Uint8Array, limits: PictureLimits, { heapMb, deadlineMs }: WorkerLimits): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice();
    const worker = new Worker(WORKER_FILE, {
      workerData: { pdf: own, limits },
      transferList: [own.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.round(heapMb / 8)), stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      settle(() => resolve({ refused: `reading it took longer than ${deadlineMs / 1000} s`, timedOut: true }));
      void worker.terminate();
    }, deadlineMs);
    worker.once("message", (result: ExtractedPictures) => settle(() => resolve(result)));
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() => (err.code === "ERR_WORKER_OUT_OF_MEMORY" || err instanceof RangeError ? resolve({ refused: `reading it needed more than ${heapMb} MiB` }) : reject(err))),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`page-picture worker exited with code ${code} before answering`))));
  });
}
