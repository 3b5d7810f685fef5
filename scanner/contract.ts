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
    grayscale: boolean;
    showFlash: boolean;
    showZoom: boolean;
    showA4Hint: boolean;
  };
  watermark: { enabled: boolean; text?: string; color: string; opacity: number; size: WatermarkSize };
};

/** The platform defaults: what a session gets when neither a profile nor an override says otherwise. */
export const PLATFORM_DEFAULTS: ScannerSettings = deepFreeze({
  locale: "en",
  theme: { accent: "#1a90cc", cornerRadius: 10 },
  completion: {},
  options: { maxPages: 20, output: "pdf", grayscale: false, showFlash: true, showZoom: true, showA4Hint: true },
  watermark: { enabled: false, color: "#334155", opacity: 0.18, size: "md" },
});

/** Why a scan could not finish (`POST /v1/scanner/fail`'s `reason`). */
export const FAIL_REASONS = ["camera_unavailable", "scan_error", "upload_error"] as const;
export type FailReason = (typeof FAIL_REASONS)[number];

/** The finished document: `result` in the complete/upload answers, session reads, webhooks and the bridge. */
export interface ScanResult {
  url: string;
  page_count: number;
  bytes: number;
  content_type: string;
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

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === "object" && child !== null) deepFreeze(child);
  return Object.freeze(value);
}
