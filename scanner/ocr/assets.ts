import { OCR_DATA_VERSION, OCR_ENGINE_VERSION, OCR_LANGUAGES, type Locale } from "../contract";

export { OCR_DATA_VERSION, OCR_ENGINE_VERSION, OCR_LANGUAGES };

/** Where the hosted scanner loads its text recognition from: our own origin, never a CDN. */
export const OCR_ASSET_BASE = `/scan/ocr/${OCR_ENGINE_VERSION}`;

/**
 * The languages recognition reads a page in: the scanner's own first (it breaks ties between
 * similar words), then English, which is always there since forms, brands and codes in any
 * of these countries are often English.
 */
export function ocrLanguages(locale: Locale): string[] {
  const own = OCR_LANGUAGES[locale];
  return own === "eng" ? ["eng"] : [own, "eng"];
}

/**
 * The PDF's `/Lang` for a document read in `locale`: the BCP 47 tag of the page's language
 * (English pages in any locale are still mostly in the scanner's language).
 */
export function documentLanguage(locale: Locale): string {
  return locale;
}

/** Absolute URLs for tesseract.js: its worker turns them into a blob-URL worker's `importScripts`, where relative paths do not resolve. */
export function ocrAssetUrls(origin: string) {
  const base = `${origin}${OCR_ASSET_BASE}`;
  return { engine: `${base}/tesseract.esm.min.js`, workerPath: `${base}/worker.min.js`, corePath: `${base}/core`, langPath: `${base}/lang` };
}
