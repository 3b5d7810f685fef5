#!/usr/bin/env node
/**
 * The scanner's text-recognition files, copied from node_modules into
 * `public/scan/ocr/<engine version>/` before every build, so they are served as static files
 * (by `next start`, and by Vercel's CDN) rather than by a function: the engine, its worker, the
 * LSTM-only cores (the scanner never loads the legacy engine) and the language data of the
 * seven locales, 24 MB in all, more than a function may carry. Nothing else under
 * node_modules is published. `scanner/contract.ts` names the versions and languages the
 * scanner asks for; tests/unit/scanner/ocr-assets.test.ts keeps this list in step with it.
 * The copy is git-ignored and redone only for files that are missing or of another size.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";

export const OCR_ENGINE_VERSION = "7.0.0";
export const OCR_DATA_VERSION = "4.0.0_best_int";
const LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "nld", "por"];
const CORES = ["tesseract-core-lstm.wasm.js", "tesseract-core-simd-lstm.wasm.js", "tesseract-core-relaxedsimd-lstm.wasm.js"];

/** [path under /scan/ocr/<version>/, path under node_modules] for every file published. */
export const OCR_ASSETS = [
  ["tesseract.esm.min.js", "tesseract.js/dist/tesseract.esm.min.js"],
  ["worker.min.js", "tesseract.js/dist/worker.min.js"],
  ...CORES.map((c) => [`core/${c}`, `tesseract.js-core/${c}`]),
  ...LANGUAGES.map((l) => [`lang/${l}.traineddata.gz`, `@tesseract.js-data/${l}/${OCR_DATA_VERSION}/${l}.traineddata.gz`]),
];

/** Copies what is missing or changed; returns the folder the files are in. */
export function publishOcrAssets(root) {
  const out = path.join(root, "public", "scan", "ocr", OCR_ENGINE_VERSION);
  for (const [name, from] of OCR_ASSETS) {
    const source = path.join(root, "node_modules", from), target = path.join(out, name);
    if (existsSync(target) && statSync(target).size === statSync(source).size) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  publishOcrAssets(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
}
