import type { Locale } from "../contract";
import { OCR_DATA_VERSION, ocrAssetUrls, ocrLanguages } from "./assets";
import { linesOf, type EngineBlocks, type PageRead } from "./page-words";

interface EngineWorker {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(image: Blob, options: Record<string, unknown>, output: { text: boolean; blocks: boolean }): Promise<{ data: EngineBlocks }>;
  terminate(): Promise<unknown>;
}
interface Engine {
  createWorker(langs: string[], oem: number, options: Record<string, unknown>): Promise<EngineWorker>;
}

/** Tesseract's LSTM engine only: the language packages we serve carry no legacy models. */
const LSTM_ONLY = 1;

/** The `performance.measure` each page's recognition leaves, for benchmarks (bench/pages/scanner.ts). */
export const PAGE_READ_MEASURE = "docscan:ocr-page";

/**
 * Reads pages with tesseract.js in its own Web Worker. Nothing is loaded until the first
 * page: the engine's module, its worker, its WebAssembly core and the language data all come
 * from our origin (`/scan/ocr/<version>/`, served immutable, so a second session starts from
 * the browser's cache; the language data is also kept in IndexedDB by tesseract.js).
 * The scanner's own bundle does not contain the engine, so with `options.ocr` off not one
 * byte of it is fetched.
 */
export class Recognizer {
  private worker: Promise<EngineWorker> | null = null;

  constructor(private readonly locale: Locale, private readonly origin: string) {}

  /** Starts loading the engine now, so the first page does not wait for it. */
  warm(): void {
    void this.start().catch(() => undefined);
  }

  async read(image: Blob): Promise<PageRead> {
    const worker = await this.start();
    const start = performance.now();
    const { data } = await worker.recognize(image, {}, { text: false, blocks: true });
    performance.measure(PAGE_READ_MEASURE, { start });
    return linesOf(data);
  }

  dispose(): void {
    void this.worker?.then((w) => w.terminate()).catch(() => undefined);
    this.worker = null;
  }

  private start(): Promise<EngineWorker> {
    this.worker ??= this.load().catch((err: unknown) => {
      // A failed load (offline, blocked) is retried by the next page instead of failing them all.
      this.worker = null;
      throw err;
    });
    return this.worker;
  }

  private async load(): Promise<EngineWorker> {
    const urls = ocrAssetUrls(this.origin);
    // Loaded at run time from our origin, not bundled: the bundler must leave this import alone.
    const engine = ((await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ urls.engine)) as { default: Engine }).default;
    const worker = await engine.createWorker(ocrLanguages(this.locale), LSTM_ONLY, {
      workerPath: urls.workerPath, corePath: urls.corePath, langPath: urls.langPath,
      cachePath: `docscan-ocr-${OCR_DATA_VERSION}`, gzip: true, legacyCore: false, legacyLang: false,
    });
    // Pages are straightened to 200 dpi; saying so spares the engine a guess from the image.
    await worker.setParameters({ user_defined_dpi: "200" });
    return worker;
  }
}
