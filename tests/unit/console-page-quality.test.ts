import { describe, expect, it } from "vitest";
import { dpiVerdict, GUIDES } from "@/console/sessions/page-quality";
import { LEGIBLE_DPI } from "@/scanner/contract";

describe("console page quality: resolution", () => {
  it("rates a page below the scanner's legible resolution poor, as the scanner prompted for it", () => {
    expect(GUIDES.dpi.poor).toBe(LEGIBLE_DPI);
    expect(dpiVerdict(59)).toBe("poor");
    expect(dpiVerdict(60)).toBe("poor");
    expect(dpiVerdict(LEGIBLE_DPI - 1)).toBe("poor");
    expect(dpiVerdict(LEGIBLE_DPI)).toBe("fair");
    expect(dpiVerdict(149)).toBe("fair");
    expect(dpiVerdict(150)).toBe("good");
    expect(dpiVerdict(200)).toBe("good");
  });
});
