import { describe, expect, it } from "vitest";
import { FILTERS, PLATFORM_DEFAULTS as DEFAULT_SETTINGS, defaultFilter } from "@/scanner/contract";
import { accentInk, pdfWatermark, resolveSettings, themeVariables } from "@/scanner/settings";
import { contrastRatio, parseColour } from "@/scanner/colour";
import { LOCALES, TABLES, translator } from "@/scanner/i18n";

describe("resolveSettings", () => {
  it("gives the platform defaults for an empty or broken object", () => {
    expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(resolveSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(resolveSettings({ theme: [], options: "x", watermark: 3 })).toEqual(DEFAULT_SETTINGS);
  });

  it("maps every field of a full settings object", () => {
    const s = resolveSettings({
      locale: "de",
      theme: { accent: "rgb(10 20 30)", cornerRadius: 4, brandName: "Acme" },
      completion: { message: "Thanks!" },
      options: { maxPages: 3, output: "pdf", grayscale: true, filter: "bw", showFlash: false, showZoom: false, showA4Hint: false, ocr: true },
      watermark: { enabled: true, text: "COPY", color: "#ff0000", opacity: 0.5, size: "lg" },
    });
    expect(s).toEqual({
      locale: "de",
      theme: { accent: "rgb(10 20 30)", cornerRadius: 4, brandName: "Acme" },
      completion: { message: "Thanks!" },
      options: { maxPages: 3, output: "pdf", grayscale: true, filter: "bw", showFlash: false, showZoom: false, showA4Hint: false, ocr: true },
      watermark: { enabled: true, text: "COPY", color: "#ff0000", opacity: 0.5, size: "lg" },
    });
    expect(pdfWatermark(s)).toEqual({ text: "COPY", color: "#ff0000", opacity: 0.5, size: "lg" });
  });

  it("clamps numbers to DESIGN's bounds and rejects bad values", () => {
    const s = resolveSettings({
      locale: "xx",
      theme: { accent: "javascript:alert(1)", cornerRadius: 999 },
      options: { maxPages: 500, grayscale: "yes", filter: "sepia" },
      watermark: { enabled: true, opacity: 0, size: "huge" },
    });
    expect(s.locale).toBe("en");
    expect(s.theme.accent).toBe("#1a90cc");
    expect(s.theme.cornerRadius).toBe(32);
    expect(s.options.maxPages).toBe(50);
    expect(s.options.grayscale).toBe(false);
    expect(s.options.filter).toBe("auto");
    expect(s.watermark.opacity).toBe(0.05);
    expect(s.watermark.size).toBe("md");
    // enabled without text draws nothing
    expect(s.watermark.enabled).toBe(false);
    expect(pdfWatermark(s)).toBeNull();
  });
});

describe("the default filter of a page", () => {
  it("is options.filter, with the spec's grayscale: true turning auto into grayscale", () => {
    const of = (options: Record<string, unknown>) => defaultFilter(resolveSettings({ options }).options);
    expect(of({})).toBe("auto");
    expect(of({ grayscale: true })).toBe("grayscale");
    for (const filter of FILTERS) expect(of({ filter })).toBe(filter);
    expect(of({ filter: "bw", grayscale: true })).toBe("bw");
    expect(of({ filter: "original", grayscale: true })).toBe("original");
    expect(resolveSettings({ options: { grayscale: true } }).options.grayscale).toBe(true);
  });
});

describe("themeVariables", () => {
  it("maps accent, ink and radius to CSS custom properties", () => {
    const v = themeVariables(resolveSettings({ theme: { accent: "#abc", cornerRadius: 0 } }));
    expect(v).toEqual({ "--accent": "rgb(170 187 204)", "--accent-ink": "#0b1220", "--radius": "0px" });
  });

  it("keeps text on the accent at WCAG AA (4.5:1) for the default and for dark accents", () => {
    for (const accent of ["#1a90cc", "#111111", "#ffcc00", "#6b21a8", "#16a34a"]) {
      const rgb = parseColour(accent)!;
      expect(contrastRatio(rgb, parseColour(accentInk(rgb))!)).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentInk(parseColour("#1a90cc")!)).toBe("#0b1220");
    expect(accentInk(parseColour("#111111")!)).toBe("#ffffff");
  });
});

describe("parseColour", () => {
  it("reads hex and rgb() forms and refuses anything else", () => {
    expect(parseColour("#1a90cc")).toEqual([26, 144, 204]);
    expect(parseColour("#fff")).toEqual([255, 255, 255]);
    expect(parseColour("rgb(1, 2, 3)")).toEqual([1, 2, 3]);
    expect(parseColour("rgb(256 0 0)")).toBeNull();
    expect(parseColour("red")).toBeNull();
    expect(parseColour("#12345")).toBeNull();
  });
});

describe("string tables", () => {
  it("defines every English key, non-empty, with the same placeholders, in each locale", () => {
    const keys = Object.keys(TABLES.en).sort();
    expect([...LOCALES].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"]);
    expect(Object.keys(TABLES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const table = TABLES[locale] as Record<string, string>;
      expect(Object.keys(table).sort(), locale).toEqual(keys);
      for (const k of keys) {
        expect(table[k].trim(), `${locale}.${k}`).not.toBe("");
        const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(vars(table[k]), `${locale}.${k}`).toEqual(vars((TABLES.en as Record<string, string>)[k]));
      }
    }
  });

  it("translates, fills placeholders and keeps unknown ones", () => {
    expect(translator("fr")("pageN", { n: 3 })).toBe("Page 3");
    expect(translator("de")("pageCount", { n: 1, max: 5 })).toBe("1 von 5 Seiten");
    expect(translator("en")("pageCount", { n: 1 })).toBe("1 of {max} pages");
  });
});
