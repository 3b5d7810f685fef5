/**
 * The scanner's contract with the server: the values and shapes both sides must agree on.
 * Imported by the hosted scanner page (browser) and by the service (`lib/`), so it stays
 * dependency-free: no zod, no DOM, no Node. The server's zod schemas are built from these
 * lists and bounds; the scanner reads its config with them.
 */

/** Languages the scanner speaks; each has a complete string table in `scanner/i18n`. */
export const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt"] as const;
export type Locale = (typeof LOCALES)[number];

export const OUTPUTS = ["pdf"] as const;
export const WATERMARK_SIZES = ["sm", "md", "lg"] as const;

/**
 * What the scanner does to a page's light and colour after straightening it:
 * `auto` removes the room's light (paper white, ink black, colour kept), `grayscale` the same
 * in grey, `bw` one bit per pixel for text-only pages, `original` no photometric change.
 */
export const FILTERS = ["auto", "grayscale", "bw", "original"] as const;
export type Filter = (typeof FILTERS)[number];
export type WatermarkSize = (typeof WATERMARK_SIZES)[number];

/** Bounds of the numbers and texts in a settings object (DESIGN "Settled gaps"); lengths in code points. */
export const SETTINGS_BOUNDS = {
  cornerRadius: { min: 0, max: 32 },
  maxPages: { min: 1, max: 50 },
  watermarkOpacity: { min: 0.05, max: 1 },
  brandName: { min: 1, max: 40 },
  completionMessage: { min: 1, max: 280 },
  watermarkText: { min: 1, max: 40 },
} as const;

/**
 * The complete scanner settings object: profiles, session overrides and the config response.
 * A type alias, not an interface, so it stays assignable to the database's JSON column type.
 */
export type ScannerSettings = {
  locale: Locale;
  theme: { accent: string; cornerRadius: number; brandName?: string };
  completion: { message?: string };
  options: {
    maxPages: number;
    output: (typeof OUTPUTS)[number];
    /** Kept from the spec: `true` means the `grayscale` filter when `filter` is `auto`. */
    grayscale: boolean;
    filter: Filter;
    showFlash: boolean;
    showZoom: boolean;
    showA4Hint: boolean;
    /** Recognise each page's text and lay it invisibly over the image, so the PDF is searchable. */
    ocr: boolean;
  };
  watermark: { enabled: boolean; text?: string; color: string; opacity: number; size: WatermarkSize };
};

/** The platform defaults: what a session gets when neither a profile nor an override says otherwise. */
export const PLATFORM_DEFAULTS: ScannerSettings = deepFreeze({
  locale: "en",
  theme: { accent: "#1a90cc", cornerRadius: 10 },
  completion: {},
  options: { maxPages: 20, output: "pdf", grayscale: false, filter: "auto", showFlash: true, showZoom: true, showA4Hint: true, ocr: false },
  watermark: { enabled: false, color: "#334155", opacity: 0.18, size: "md" },
});

/**
 * The filter a page gets by default: `options.filter`, except that the spec's
 * `options.grayscale: true` turns the default `auto` into `grayscale`.
 */
export function defaultFilter(options: Pick<ScannerSettings["options"], "filter" | "grayscale">): Filter {
  return options.filter === "auto" && options.grayscale ? "grayscale" : options.filter;
}

/** Where a page's picture came from: the live camera, or a photo the person picked. */
export const CAPTURE_SOURCES = ["camera", "file"] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/**
 * How the page's corners were set: `detected` by the detector and kept, `adjusted` by hand,
 * `default` when nothing was detected and the starting frame was kept.
 */
export const CORNER_ORIGINS = ["detected", "adjusted", "default"] as const;
export type CornerOrigin = (typeof CORNER_ORIGINS)[number];

/**
 * Capture problems the scanner prompts about; a page kept despite one lists it.
 * `low_resolution`: the page has fewer than LEGIBLE_DPI pixels per inch.
 */
export const PAGE_WARNINGS = ["blurry", "dark", "glare", "low_resolution"] as const;
export type PageWarning = (typeof PAGE_WARNINGS)[number];

/**
 * One page's quality report, measured by the scanner (docs/scanner.md, "Page quality report",
 * says what each number means and what a good page scores). Sent with the upload, validated
 * by the service, returned as `result.pages[]`.
 */
export interface PageReport {
  filter: Filter;
  source: CaptureSource;
  corners: CornerOrigin;
  /** The detector's confidence in the corners it found, 0..1 (0 when it found none). */
  confidence: number;
  /** Pixel size of the delivered page image. */
  width: number;
  height: number;
  /** Pixels per inch of the delivered page at its physical size (A4/Letter when snapped). */
  dpi: number;
  /** Focus of the straightened page, 0 (no edges) .. 1 (crisp print). */
  sharpness: number;
  /** Share of the page that is blown out (glare, flash), 0..1. */
  glare: number;
  /** Mean brightness of the paper in the camera's picture, 0 (black) .. 1 (white). */
  brightness: number;
  /** Spread of the paper's brightness over an 8x8 grid, (max - min) / max, before and after the filter; 0 is even. */
  unevenness_before: number;
  unevenness_after: number;
  /** Prompts the person saw at capture and kept the page anyway. */
  warnings: PageWarning[];
  /** The page's recognised text, on sessions with `options.ocr`; absent otherwise. */
  ocr?: PageText;
}

/**
 * How a page's text recognition ended: `done` (its text is in the PDF and here), `failed`
 * (the engine could not run, e.g. its files did not load), `skipped` (the person chose to send
 * before it was read) or `timed_out` (not read within the scanner's overall bound after Send);
 * a page that is not `done` is delivered without text.
 */
export const OCR_STATUSES = ["done", "failed", "skipped", "timed_out"] as const;
export type OcrStatus = (typeof OCR_STATUSES)[number];

/**
 * Most characters (code points) of one page's text in the report: a dense A4 page of 9 pt
 * print holds about 7,000. Longer text is cut here (`truncated`); the PDF keeps all of it.
 */
export const OCR_TEXT_MAX = 10_000;

/** Control characters other than tab and newline: not text a reader can use, so never in a page's text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const OCR_TEXT_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * The text-recognition files the service serves and the scanner loads (`/scan/ocr/<engine
 * version>/…`): versions in the path, so every file is served `immutable` and a release is a new
 * URL (tests/unit/scanner/reading-queue.test.ts keeps them equal to the installed packages).
 */
export const OCR_ENGINE_VERSION = "7.0.0";
export const OCR_DATA_VERSION = "4.0.0_best_int";

/** Tesseract's language code for each locale the scanner speaks. */
export const OCR_LANGUAGES: Record<Locale, string> = { en: "eng", de: "deu", fr: "fra", es: "spa", it: "ita", nl: "nld", pt: "por" };

/** One page's recognised text: reading order, lines separated by `\n`, words by spaces. */
export interface PageText {
  status: OcrStatus;
  text: string;
  /** Mean word confidence of the recognition, 0..1 (0 when nothing was recognised). */
  confidence: number;
  /** True when `text` was cut at `OCR_TEXT_MAX` characters. */
  truncated: boolean;
}

/** Bounds of a page report's numbers (the service rejects anything outside them). */
export const PAGE_REPORT_BOUNDS = {
  unit: { min: 0, max: 1 },
  pixels: { min: 1, max: 20_000 },
  dpi: { min: 1, max: 2_400 },
} as const;

/**
 * The lowest resolution, in pixels per inch of the delivered page, at which 10 pt print stays
 * legible. One number for the scanner's live guidance ("Move closer", auto-capture held), its
 * capture prompt and the page's `low_resolution` warning, the service's description of `dpi`
 * and the console's rating (below it: "poor"). Measured by the pages bench on train scenes: 10 pt
 * text read 4.7 % CER at 102 dpi and 10.5 % at 68 (docs/filters.md, "Low-resolution pages").
 */
export const LEGIBLE_DPI = 100;

/** Why a scan could not finish (`POST /v1/scanner/fail`'s `reason`). */
export const FAIL_REASONS = ["camera_unavailable", "scan_error", "upload_error"] as const;
export type FailReason = (typeof FAIL_REASONS)[number];

/** The finished document: `result` in the complete/upload answers, session reads, webhooks and the bridge. */
export interface ScanResult {
  url: string;
  page_count: number;
  bytes: number;
  content_type: string;
  /** One quality report per page, in page order; empty when the uploader sent none. */
  pages: PageReport[];
}

/** `GET /v1/scanner/config`: what the scanner page needs to run one session. */
export interface ScannerConfig {
  session_id: string;
  client_token: string;
  upload: { url: string; content_type: string; expires_at: string; max_bytes: number };
  complete_url: string;
  upload_url: string;
  scanner: ScannerSettings;
  allowed_origins?: string[];
}

/** Freezes `value` and every object in it: a value shared between requests that none may change. */
export function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === "object" && child !== null) deepFreeze(child);
  return Object.freeze(value);
}
