import type { ScannerSettings } from "./schema";

/**
 * The platform defaults of SPEC.md's table. `theme.brandName`, `completion.message` and
 * `watermark.text` are absent; `completion` is an empty object. Frozen: callers copy.
 */
export const PLATFORM_DEFAULTS: ScannerSettings = deepFreeze({
  locale: "en",
  theme: { accent: "#1a90cc", cornerRadius: 10 },
  completion: {},
  options: { maxPages: 20, output: "pdf", grayscale: false, showFlash: true, showZoom: true, showA4Hint: true },
  watermark: { enabled: false, color: "#334155", opacity: 0.18, size: "md" },
});

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === "object" && child !== null) deepFreeze(child);
  return Object.freeze(value);
}
