import { describe, expect, it } from "vitest";
import { buildPageReport, keptCornerOrigin } from "@/scanner/page/report";
import { pageWarnings } from "@/scanner/capture/quality";
import { LEGIBLE_DPI } from "@/scanner/contract";
import { readStoredPage, type StoredPage } from "@/scanner/pages/page-store";
import type { NormQuad, PageMeasures, WarpedPage } from "@/scanner/worker/protocol";

const quad: NormQuad = [[0.1, 0.1], [0.9, 0.12], [0.88, 0.9], [0.12, 0.88]];
const good: PageMeasures = { sharpness: 0.6, glare: 0.01, brightness: 0.8, unevenness_before: 0.31, unevenness_after: 0.04 };
const warped = (o: Partial<WarpedPage> = {}): WarpedPage => ({
  blob: new Blob(), width: 1654, height: 2339, format: "jpeg", dpi: 200, measures: good, ms: { straighten: 1, filter: 1, encode: 1 }, ...o,
});

describe("capture prompts", () => {
  it("prompt below 0.15 sharpness, below 0.25 brightness, above 5 % glare; a good page has none", () => {
    expect(pageWarnings(good, 200)).toEqual([]);
    expect(pageWarnings({ ...good, sharpness: 0.149 }, 200)).toEqual(["blurry"]);
    expect(pageWarnings({ ...good, sharpness: 0.15 }, 200)).toEqual([]);
    expect(pageWarnings({ ...good, brightness: 0.12 }, 200)).toEqual(["dark"]);
    expect(pageWarnings({ ...good, glare: 0.051 }, 200)).toEqual(["glare"]);
    expect(pageWarnings({ ...good, glare: 0.05 }, 200)).toEqual([]);
    expect(pageWarnings({ ...good, sharpness: 0.05, brightness: 0.1, glare: 0.2 }, 60)).toEqual(["blurry", "dark", "glare", "low_resolution"]);
  });

  it("a page below the legible resolution is prompted: 59 and 60 dpi are, LEGIBLE_DPI itself is not", () => {
    expect(pageWarnings(good, 59)).toEqual(["low_resolution"]);
    expect(pageWarnings(good, 60)).toEqual(["low_resolution"]);
    expect(pageWarnings(good, LEGIBLE_DPI - 1)).toEqual(["low_resolution"]);
    expect(pageWarnings(good, LEGIBLE_DPI)).toEqual([]);
  });
});

describe("page report", () => {
  it("corners: the opening origin while unmoved, adjusted once any corner moved", () => {
    expect(keptCornerOrigin("detected", quad, quad.map((p) => [...p]) as NormQuad)).toBe("detected");
    expect(keptCornerOrigin("default", quad, quad)).toBe("default");
    const moved = quad.map((p, k) => (k === 2 ? [p[0] + 0.005, p[1]] : p)) as NormQuad;
    expect(keptCornerOrigin("detected", quad, moved)).toBe("adjusted");
    expect(keptCornerOrigin("default", quad, moved)).toBe("adjusted");
  });

  it("takes size, dpi and measures from the full-resolution page and the facts from the capture", () => {
    const r = buildPageReport({ source: "file", corners: "detected", confidence: 0.9712 }, "grayscale", warped(), ["blurry"]);
    expect(r).toEqual({
      filter: "grayscale", source: "file", corners: "detected", confidence: 0.971, width: 1654, height: 2339, dpi: 200,
      sharpness: 0.6, glare: 0.01, brightness: 0.8, unevenness_before: 0.31, unevenness_after: 0.04, warnings: ["blurry"],
    });
  });

  it("keeps every number inside the bounds the service checks", () => {
    const r = buildPageReport({ source: "camera", corners: "default", confidence: Number.NaN }, "bw",
      warped({ width: 0.4, dpi: 9000, measures: { ...good, sharpness: 1.7, glare: -0.1 } }), ["dark", "dark"]);
    expect([r.confidence, r.width, r.dpi, r.sharpness, r.glare, r.warnings]).toEqual([0, 1, 2400, 1, 0, ["dark"]]);
  });
});

describe("stored pages", () => {
  const base = { id: "p", session: "s", order: 0, source: new Blob(), corners: quad, page: new Blob(), width: 10, height: 20, createdAt: 1 };

  it("a page an older scanner kept (enhance, no filter) loads with the session's default filter", () => {
    const legacy = { ...base, enhance: true } as unknown as StoredPage;
    const read = readStoredPage(legacy, "grayscale");
    expect(read).toEqual({ ...base, filter: "grayscale", format: "jpeg", dpi: 0 });
    expect("enhance" in read).toBe(false);
    expect(readStoredPage({ ...base, enhance: false } as unknown as StoredPage, "auto").filter).toBe("auto");
  });

  it("a current page keeps its own filter, format, dpi and report", () => {
    const report = buildPageReport({ source: "camera", corners: "adjusted", confidence: 0.5 }, "bw", warped({ format: "png" }), []);
    const page: StoredPage = { ...base, filter: "bw", format: "png", dpi: 200, report };
    expect(readStoredPage(page, "auto")).toEqual(page);
  });
});
