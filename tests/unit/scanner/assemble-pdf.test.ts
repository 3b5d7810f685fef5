import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { PDFDocument, PDFName } from "pdf-lib";
import { PRODUCER, assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { pageBoxFor, renderSizeFor } from "@/scanner/pdf/page-size";

function makeJpeg(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4, 255);
  return jpeg.encode({ data, width, height }, 80).data;
}

const now = new Date("2026-01-02T03:04:05Z");

describe("pageBoxFor", () => {
  it("snaps A4 and Letter aspects (either orientation) and keeps odd shapes at 200 dpi", () => {
    expect(pageBoxFor(1654, 2339)).toEqual({ width: 595.28, height: 841.89, format: "a4" });
    expect(pageBoxFor(2339, 1654)).toEqual({ width: 841.89, height: 595.28, format: "a4" });
    expect(pageBoxFor(1700, 2200)).toEqual({ width: 612, height: 792, format: "letter" });
    expect(pageBoxFor(1640, 2360).format).toBe("a4"); // 1.8% off
    const receipt = pageBoxFor(600, 2000);
    expect(receipt.format).toBe("custom");
    expect(receipt.width).toBeCloseTo(216, 5);
    expect(receipt.height).toBeCloseTo(720, 5);
  });

  it("renders the snapped aspect at about 200 dpi, never above the source's pixels", () => {
    expect(renderSizeFor(1000, 1400, 4000)).toEqual({ width: 1654, height: 2339 });
    expect(renderSizeFor(1400, 1000, 4000)).toEqual({ width: 2339, height: 1654 });
    expect(renderSizeFor(300, 1000, 800)).toEqual({ width: 240, height: 800 });
  });
});

describe("assemblePdf", () => {
  it("writes one page per capture at the corrected aspect, with producer and creation date", async () => {
    const pages = [
      { bytes: makeJpeg(165, 234), format: "jpeg" as const, width: 165, height: 234 },
      { bytes: makeJpeg(234, 165), format: "jpeg" as const, width: 234, height: 165 },
      { bytes: makeJpeg(60, 200), format: "jpeg" as const, width: 60, height: 200 },
    ];
    const bytes = await assemblePdf(pages, { now, title: "Scan" });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(3);
    const sizes = doc.getPages().map((p) => p.getSize());
    expect(sizes[0]).toEqual({ width: 595.28, height: 841.89 });
    expect(sizes[1]).toEqual({ width: 841.89, height: 595.28 });
    expect(sizes[2].height / sizes[2].width).toBeCloseTo(200 / 60, 3);
    expect(doc.getProducer()).toBe(PRODUCER);
    expect(doc.getCreationDate()?.toISOString()).toBe(now.toISOString());
    expect(doc.getTitle()).toBe("Scan");
  });

  it("draws the watermark text with the configured opacity on every page", async () => {
    const page = { bytes: makeJpeg(100, 141), format: "jpeg" as const, width: 100, height: 141 };
    const wm = { text: "CONFIDENTIAL ☃", color: "#ff0000", opacity: 0.4, size: "lg" as const };
    const bytes = await assemblePdf([page, page], { now, watermark: wm });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const p of doc.getPages()) {
      const gs = p.node.Resources()?.lookup(PDFName.of("ExtGState"));
      expect(gs?.toString()).toContain("/ca 0.4");
      expect(p.node.Resources()?.lookup(PDFName.of("Font"))?.toString()).toMatch(/Helvetica-Bold/);
    }
    const plain = await assemblePdf([page], { now });
    const plainFonts = (await PDFDocument.load(plain)).getPage(0).node.Resources()?.lookup(PDFName.of("Font"));
    expect(String(plainFonts ?? "")).not.toMatch(/Helvetica/);
  });

  it("refuses an empty document", async () => {
    await expect(assemblePdf([], { now })).rejects.toThrow(/no pages/);
  });

  it("keeps the container overhead small: the PDF is the JPEGs plus a few KB", async () => {
    const pages = Array.from({ length: 5 }, () => ({ bytes: makeJpeg(400, 566), format: "jpeg" as const, width: 400, height: 566 }));
    const jpegBytes = pages.reduce((s, p) => s + p.bytes.length, 0);
    const bytes = await assemblePdf(pages, { now });
    expect(bytes.length - jpegBytes).toBeLessThan(4096);
  });
});
