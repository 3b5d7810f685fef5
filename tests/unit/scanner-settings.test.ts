import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { applyScannerPatch, defaultFilter, FILTERS, PLATFORM_DEFAULTS, ScannerSettingsSchema, settingsJson, storedSettings, storedSettingsFromText, type ScannerSettings } from "@/lib/scanner-settings";

function fieldsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).fields ?? {};
  }
  throw new Error("expected a throw");
}

const clone = (s: ScannerSettings): ScannerSettings => JSON.parse(JSON.stringify(s));

describe("PLATFORM_DEFAULTS", () => {
  it("is exactly SPEC's table and valid", () => {
    expect(PLATFORM_DEFAULTS).toEqual({
      locale: "en",
      theme: { accent: "#1a90cc", cornerRadius: 10 },
      completion: {},
      options: { maxPages: 20, output: "pdf", grayscale: false, filter: "auto", showFlash: true, showZoom: true, showA4Hint: true, ocr: false },
      watermark: { enabled: false, color: "#334155", opacity: 0.18, size: "md" },
    });
    expect(ScannerSettingsSchema.safeParse(PLATFORM_DEFAULTS).success).toBe(true);
    expect(Object.isFrozen(PLATFORM_DEFAULTS.theme)).toBe(true);
  });
});

describe("applyScannerPatch", () => {
  it("deep-merges: objects merge, scalars replace, inputs untouched", () => {
    const base = clone(PLATFORM_DEFAULTS);
    const patch = { theme: { accent: "#ABC" }, options: { maxPages: 5 } };
    const before = JSON.stringify(patch);
    const out = applyScannerPatch(base, patch, "invalid_request");
    expect(out.theme).toEqual({ accent: "#ABC", cornerRadius: 10 });
    expect(out.options.maxPages).toBe(5);
    expect(out.options.showZoom).toBe(true);
    expect(base).toEqual(PLATFORM_DEFAULTS);
    expect(JSON.stringify(patch)).toBe(before);
    expect(out.theme).not.toBe(base.theme);
  });

  it("an empty patch returns the base", () => {
    expect(applyScannerPatch(PLATFORM_DEFAULTS, {}, "invalid_request")).toEqual(PLATFORM_DEFAULTS);
  });

  it.each(["#fff", "#1A90CC", "rgb(0 128 255)", "rgb( 1   2 3 )"])("accepts colour %s", (accent) => {
    expect(applyScannerPatch(PLATFORM_DEFAULTS, { theme: { accent } }, "invalid_request").theme.accent).toBe(accent);
  });

  it.each(["red", "#ffff", "#ggg", "rgb(256 0 0)", "rgb(1,2,3)", "rgba(1 2 3)", "", "#1a90cc; x"])("refuses colour %j", (accent) => {
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { theme: { accent } }, "invalid_request")))).toEqual(["theme.accent"]);
  });

  it("reports every problem at once, keyed by path, with the given code", () => {
    let code: string | undefined;
    const fields = fieldsOf(() => {
      try {
        applyScannerPatch(
          PLATFORM_DEFAULTS,
          {
            locale: "xx",
            theme: { accent: "blue", cornerRadius: 33, bogus: 1 },
            options: { maxPages: 51, output: "png", grayscale: "yes", filter: "sepia" },
            watermark: { enabled: true, opacity: 0.01, size: "xl" },
            extra: true,
          },
          "invalid_scanner_config",
        );
      } catch (err) {
        code = (err as ApiError).code;
        throw err;
      }
    });
    expect(code).toBe("invalid_scanner_config");
    expect(Object.keys(fields).sort()).toEqual(
      [
        "locale",
        "theme.accent",
        "theme.cornerRadius",
        "theme.bogus",
        "options.maxPages",
        "options.output",
        "options.grayscale",
        "options.filter",
        "watermark.opacity",
        "watermark.size",
        "watermark.text",
        "extra",
      ].sort(),
    );
  });

  it("bounds: maxPages integer 1–50, cornerRadius 0–32, opacity 0.05–1", () => {
    const ok = applyScannerPatch(PLATFORM_DEFAULTS, { theme: { cornerRadius: 0 }, options: { maxPages: 50 }, watermark: { opacity: 1 } }, "invalid_request");
    expect([ok.theme.cornerRadius, ok.options.maxPages, ok.watermark.opacity]).toEqual([0, 50, 1]);
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { options: { maxPages: 2.5 } }, "invalid_request")))).toEqual(["options.maxPages"]);
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { options: { maxPages: 0 } }, "invalid_request")))).toEqual(["options.maxPages"]);
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { watermark: { opacity: 0.04 } }, "invalid_request")))).toEqual(["watermark.opacity"]);
  });

  it("watermark.enabled needs watermark.text, also when the text comes from the base", () => {
    expect(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { watermark: { enabled: true } }, "invalid_request"))).toHaveProperty("watermark.text");
    const withText = applyScannerPatch(PLATFORM_DEFAULTS, { watermark: { text: "CONFIDENTIAL" } }, "invalid_request");
    expect(applyScannerPatch(withText, { watermark: { enabled: true } }, "invalid_request").watermark).toMatchObject({ enabled: true, text: "CONFIDENTIAL" });
  });

  it("null clears an optional text field and is a type error elsewhere", () => {
    const branded = applyScannerPatch(PLATFORM_DEFAULTS, { theme: { brandName: "Acme" }, completion: { message: "Thanks" } }, "invalid_request");
    const cleared = applyScannerPatch(branded, { theme: { brandName: null }, completion: { message: null } }, "invalid_request");
    expect(cleared).toEqual(PLATFORM_DEFAULTS);
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { locale: null, theme: null }, "invalid_request"))).sort()).toEqual(["locale", "theme"]);
  });

  it("string lengths count characters (unicode), with limits 40/280/40", () => {
    const emoji = "😀".repeat(40);
    expect(applyScannerPatch(PLATFORM_DEFAULTS, { theme: { brandName: emoji } }, "invalid_request").theme.brandName).toBe(emoji);
    const fields = fieldsOf(() =>
      applyScannerPatch(PLATFORM_DEFAULTS, { theme: { brandName: "x".repeat(41) }, completion: { message: "m".repeat(281) }, watermark: { text: "" } }, "invalid_request"),
    );
    expect(Object.keys(fields).sort()).toEqual(["completion.message", "theme.brandName", "watermark.text"]);
  });

  it("non-objects are refused at the root and at every level", () => {
    for (const patch of [null, [], "x", 42, true]) {
      expect(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, patch, "invalid_request"))).toEqual({ scanner: "must be an object" });
    }
    expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { options: [1], watermark: "x" }, "invalid_request"))).sort()).toEqual([
      "options",
      "watermark",
    ]);
  });

  it("prototype keys are refused by path and never pollute", () => {
    const patch = JSON.parse('{"__proto__":{"polluted":1},"theme":{"constructor":{"x":1},"prototype":2},"options":{"__proto__":{"maxPages":1}}}');
    const fields = fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, patch, "invalid_request"));
    expect(Object.keys(fields).sort()).toEqual(["__proto__", "options.__proto__", "theme.constructor", "theme.prototype"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("maxPages");
  });
});

describe("options.filter", () => {
  it("takes each of the contract's filters and nothing else", () => {
    for (const filter of FILTERS) expect(applyScannerPatch(PLATFORM_DEFAULTS, { options: { filter } }, "invalid_request").options.filter).toBe(filter);
    for (const filter of ["AUTO", "", null, 1, ["bw"]]) {
      expect(Object.keys(fieldsOf(() => applyScannerPatch(PLATFORM_DEFAULTS, { options: { filter } }, "invalid_request")))).toEqual(["options.filter"]);
    }
  });

  it("the spec's grayscale turns only the default auto into grayscale", () => {
    expect(defaultFilter({ filter: "auto", grayscale: true })).toBe("grayscale");
    expect(defaultFilter({ filter: "auto", grayscale: false })).toBe("auto");
    expect(defaultFilter({ filter: "bw", grayscale: true })).toBe("bw");
    expect(defaultFilter({ filter: "original", grayscale: true })).toBe("original");
  });
});

describe("storedSettings", () => {
  it("fills keys saved before they existed with their defaults and keeps every saved value", () => {
    const old = clone(PLATFORM_DEFAULTS) as unknown as { options: Record<string, unknown>; theme: Record<string, unknown> };
    delete old.options.filter;
    old.options.grayscale = true;
    old.theme.brandName = "Acme";
    const read = storedSettings(old);
    expect(read.options).toMatchObject({ filter: "auto", grayscale: true });
    expect(read.theme.brandName).toBe("Acme");
    expect(ScannerSettingsSchema.safeParse(read).success).toBe(true);
    // The saved row is not changed by reading it.
    expect(old.options).not.toHaveProperty("filter");
  });

  it("reads anything that is not an object as the platform defaults", () => {
    for (const stored of [null, undefined, [], "x"]) expect(storedSettings(stored)).toEqual(PLATFORM_DEFAULTS);
  });
});

describe("storedSettingsFromText", () => {
  // As Postgres prints jsonb: its own spacing and key order.
  const text = '{"theme": {"brandName": "Acme"}, "options": {"grayscale": true}}';

  it("reads as storedSettings of the parsed text, merged once per distinct text, frozen", () => {
    const read = storedSettingsFromText(text);
    expect(read).toEqual(storedSettings(JSON.parse(text)));
    expect(storedSettingsFromText(text)).toBe(read);
    expect(storedSettingsFromText(text.replace("Acme", "Other")).theme.brandName).toBe("Other");
    expect(Object.isFrozen(read) && Object.isFrozen(read.options) && Object.isFrozen(read.theme)).toBe(true);
    expect(() => ((read.options as { maxPages: number }).maxPages = 1)).toThrow(TypeError);
  });

  it("an override merges over it without changing it", () => {
    const base = storedSettingsFromText(text);
    const merged = applyScannerPatch(base, { options: { maxPages: 3 } }, "invalid_scanner_config");
    expect(merged.options).toMatchObject({ maxPages: 3, grayscale: true });
    expect(base.options.maxPages).toBe(PLATFORM_DEFAULTS.options.maxPages);
    expect(storedSettingsFromText(text)).toBe(base);
  });

  it("settingsJson gives the JSON of any settings, kept for those read from text", () => {
    const read = storedSettingsFromText(text);
    expect(JSON.parse(settingsJson(read))).toEqual(read);
    expect(settingsJson(read)).toBe(settingsJson(storedSettingsFromText(text)));
    const made = applyScannerPatch(read, { locale: "de" }, "invalid_scanner_config");
    expect(JSON.parse(settingsJson(made))).toEqual(made);
  });

  it("keeps a bounded number of texts, reading the same after it starts again", () => {
    const first = storedSettingsFromText('{"theme": {"brandName": "B0"}}');
    for (let i = 1; i <= 1100; i++) storedSettingsFromText(`{"theme": {"brandName": "B${i}"}}`);
    const again = storedSettingsFromText('{"theme": {"brandName": "B0"}}');
    expect(again).toEqual(first);
  });
});
