import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { OCR_DATA_VERSION, OCR_ENGINE_VERSION, OCR_LANGUAGES } from "../../scanner/contract";

const MODULES = path.join(process.cwd(), "node_modules");
const CORES = ["tesseract-core-lstm.wasm.js", "tesseract-core-simd-lstm.wasm.js", "tesseract-core-relaxedsimd-lstm.wasm.js"];

/**
 * Every file the scanner's text recognition may ask for, by its path under
 * `/scan/ocr/<engine version>/`: the engine, its worker, the LSTM-only cores (the scanner
 * never loads the legacy engine) and the language data of the seven locales. Nothing else
 * under node_modules is reachable: the path is looked up here, never joined from the URL.
 */
const FILES: ReadonlyMap<string, { file: string; type: string }> = new Map([
  ["tesseract.esm.min.js", { file: "tesseract.js/dist/tesseract.esm.min.js", type: "text/javascript; charset=utf-8" }],
  ["worker.min.js", { file: "tesseract.js/dist/worker.min.js", type: "text/javascript; charset=utf-8" }],
  ...CORES.map((c) => [`core/${c}`, { file: `tesseract.js-core/${c}`, type: "text/javascript; charset=utf-8" }] as const),
  // Served as the gzip file it is, not with Content-Encoding: tesseract.js inflates it itself.
  ...Object.values(OCR_LANGUAGES).map((l) => [`lang/${l}.traineddata.gz`, { file: `@tesseract.js-data/${l}/${OCR_DATA_VERSION}/${l}.traineddata.gz`, type: "application/octet-stream" }] as const),
]);

/**
 * The response for one OCR asset, or 404. Versioned URLs never change content, so the
 * browser keeps them a year without asking again; a request for another version is a 404
 * rather than today's file under yesterday's name.
 */
export function ocrAssetResponse(version: string, name: string): Response {
  const entry = version === OCR_ENGINE_VERSION ? FILES.get(name) : undefined;
  if (!entry) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  const file = path.join(MODULES, entry.file);
  const size = statSync(file).size;
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: { "Content-Type": entry.type, "Content-Length": String(size), "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
