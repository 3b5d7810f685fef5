import { describe, expect, it } from "vitest";
import type { Frame } from "@/scanner/detector";
import { pdfInput } from "@/scanner/capture/send-document";
import { pagePicture } from "../../../support/page-pictures";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { pageBoxFor } from "@/scanner/pdf/page-size";
import { readStoredPage, type StoredPage } from "@/scanner/pages/page-store";
import { encodeMrc, PAGE_ENCODING, pdfSize } from "@/scanner/page/encode";
import { expectSoundPdf, pdfImageList, renderPdf } from "../../../support/pdf-check";
import { BLUE_LINE, encodeRgb, filteredPage, RED_RULE, SPEC } from "./mrc-page";

const now = new Date("2026-11-28T12:00:00Z");
const luma = (d: ArrayLike<number>, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];

function around(f: Frame, x: number, y: number, test: (v: number) => boolean): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const u = Math.min(f.width - 1, Math.max(0, x + dx)), v = Math.min(f.height - 1, Math.max(0, y + dy));
    if (!test(luma(f.data, (v * f.width + u) * 4))) return false;
  }
  return true;
}

async function mrcPdf(page: Frame, filter: "auto" | "grayscale" = "auto") {
  const encoded = await encodeMrc(filter, page, encodeRgb);
  const pdf = await assemblePdf([await pdfInput({ page: encoded.blob, format: encoded.format, mrc: encoded.mrc, width: page.width, height: page.height })], { now });
  return { encoded, pdf };
}

describe("an MRC page in the PDF", () => {
  it("renders as the filtered page: text black where it was, paper white, a red rule red, blue ink blue", async () => {
    const page = filteredPage(), { pdf } = await mrcPdf(page);
    await expectSoundPdf(pdf);
    // rendered at about the page's own resolution; each page pixel is compared with the render's pixel under its centre
    const [r] = await renderPdf(pdf, (SPEC.width * 72) / pageBoxFor(SPEC.width, SPEC.height).width);
    const rx = (x: number) => Math.floor(((x + 0.5) * r.width) / SPEC.width), ry = (y: number) => Math.floor(((y + 0.5) * r.height) / SPEC.height);
    let diff = 0, n = 0, ink = 0, inkDark = 0, paper = 0, paperWhite = 0;
    for (let y = 0; y < SPEC.height; y++) {
      for (let x = 0; x < SPEC.width; x++) {
        const a = luma(page.data, (y * SPEC.width + x) * 4), b = luma(r.data, (ry(y) * r.width + rx(x)) * 4);
        diff += Math.abs(a - b); n++;
        // cores only: a pixel whose whole 3×3 neighbourhood is ink (or paper), away from edges the render may shift by a pixel
        if (around(page, x, y, (v) => v < 40)) { ink++; if (b < 90) inkDark++; }
        if (around(page, x, y, (v) => v > 250)) { paper++; if (b > 235) paperWhite++; }
      }
    }
    // the render is 601 px wide for 600: stroke edges land a pixel apart here and there (9 on a 600 × 848 page)
    expect(diff / n).toBeLessThan(12);
    expect(inkDark / ink).toBeGreaterThan(0.99);
    expect(paperWhite / paper).toBeGreaterThan(0.99);
    const at = (x: number, y: number) => [0, 1, 2].map((c) => r.data[(ry(y) * r.width + rx(x)) * 4 + c]);
    const red = at(RED_RULE.x + 100, RED_RULE.y + 2), blue = at(BLUE_LINE.x + 200, BLUE_LINE.y + 1);
    expect(red[0]).toBeGreaterThan(150);
    expect(Math.max(red[1], red[2])).toBeLessThan(red[0] - 80);
    expect(blue[2]).toBeGreaterThan(Math.max(blue[0], blue[1]) + 60);
  });

  it("makes a grey page of one-channel layers that passes the structural check", async () => {
    const page = filteredPage();
    for (let i = 0; i < page.data.length; i += 4) page.data[i] = page.data[i + 1] = page.data[i + 2] = luma(page.data, i);
    const { pdf } = await mrcPdf(page, "grayscale");
    await expectSoundPdf(pdf);
    const images = await pdfImageList(pdf);
    // type width height color comp bpc: the background, the foreground, its 1-bit mask at full size
    expect(images.map((row) => [row.type, row.width, row.height, row.color, row.comp, row.bpc].join(" "))).toEqual([
      `image ${SPEC.width / 2} ${SPEC.height / 2} gray 1 8`,
      `image ${SPEC.width / 4} ${SPEC.height / 4} gray 1 8`,
      `mask ${SPEC.width} ${SPEC.height} - 1 1`,
    ]);
  });

  it("carries its preview as the page's /Thumb, which the console serves as the page's picture", async () => {
    const { encoded, pdf } = await mrcPdf(filteredPage());
    const picture = await pagePicture(pdf, 1);
    expect(picture?.contentType).toBe("image/jpeg");
    expect(Buffer.from(picture!.bytes).equals(Buffer.from(await encoded.blob.arrayBuffer()))).toBe(true);
  });

  it("is drawn the same from the page store's record, as IndexedDB gives it back (its Blobs cloned)", async () => {
    const page = filteredPage(), { encoded, pdf } = await mrcPdf(page);
    const record: StoredPage = {
      id: "p", session: "s", order: 0, source: new Blob(), corners: [[0, 0], [1, 0], [1, 1], [0, 1]], filter: "auto",
      page: encoded.blob, format: "mrc", mrc: encoded.mrc, width: page.width, height: page.height, dpi: 72, createdAt: 1,
    };
    const read = readStoredPage(structuredClone(record), "auto");
    expect(read.format).toBe("mrc");
    const again = await assemblePdf([await pdfInput(read)], { now });
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
  });

  it("fits a dense A4 text page at 200 dpi in its budget, where one JPEG at the lowest quality is larger", async () => {
    const page = filteredPage({ width: 1654, height: 2339, noise: 3 });
    const { encoded } = await mrcPdf(page);
    const jpeg = await encodeRgb(page, PAGE_ENCODING.auto.qualities.at(-1)!);
    expect(pdfSize(encoded)).toBeLessThanOrEqual(PAGE_ENCODING.auto.budget);
    expect(pdfSize(encoded)).toBeLessThan(jpeg.size / 2);
  });
});
