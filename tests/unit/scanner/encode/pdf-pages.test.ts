import { describe, expect, it } from "vitest";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { encodeBilevelPng, type Bitmap1 } from "@/scanner/encode/png-bilevel";
import { encodeGreyJpeg } from "@/scanner/encode/jpeg-grey";
import { pdfImageList, renderPdf } from "../../../support/pdf-check";

const now = new Date("2026-11-28T12:00:00Z");

/** An A4-shaped bitmap (210 × 297 px): white, with a black square in the top-left quarter. */
function squarePage(): Bitmap1 {
  const width = 210, height = 297, rowBytes = Math.ceil(width / 8), bits = new Uint8Array(rowBytes * height).fill(0xff);
  for (let y = 30; y < 90; y++) for (let x = 30; x < 90; x++) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  return { width, height, rowBytes, bits };
}

describe("PDF pages by format", () => {
  it("embeds a bw page as a 1-bit image that renders where it was drawn", async () => {
    const page = squarePage();
    const pdf = await assemblePdf([{ bytes: await encodeBilevelPng(page), format: "png", width: page.width, height: page.height }], { now });
    expect(await pdfImageList(pdf)).toEqual([{ page: 1, type: "image", width: 210, height: 297, color: "gray", comp: 1, bpc: 1, enc: "image" }]);
    const [r] = await renderPdf(pdf, 36); // A4 at 36 dpi: 298 × 421 px
    const at = (fx: number, fy: number) => r.data[(Math.round(fy * r.height) * r.width + Math.round(fx * r.width)) * 4];
    expect(at(60 / 210, 60 / 297)).toBeLessThan(40); // inside the square
    expect(at(0.75, 0.75)).toBeGreaterThan(215); // paper
    expect(at(60 / 210, 0.75)).toBeGreaterThan(215); // below the square: not flipped
  });

  it("embeds a grey page as a one-channel JPEG", async () => {
    const w = 105, h = 148, grey = new Uint8Array(w * h).fill(240);
    const pdf = await assemblePdf([{ bytes: encodeGreyJpeg(grey, w, h, 80), format: "jpeg", width: w, height: h }], { now });
    expect(await pdfImageList(pdf)).toEqual([{ page: 1, type: "image", width: 105, height: 148, color: "gray", comp: 1, bpc: 8, enc: "jpeg" }]);
  });
});
