import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { pagePicture } from "../../../support/page-pictures";
import { encodeG4 } from "@/scanner/encode/ccitt-g4";
import { deflate, filteredRows, readBilevelPng, type Bitmap1 } from "@/scanner/encode/png-bilevel";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { encodePage } from "@/scanner/page/encode";
import { bitmap, expectSamePixels, pdfBilevelImage } from "./bilevel-support";

const now = new Date("2026-11-28T12:00:00Z");
const noRgb = () => Promise.reject(new Error("a bw page is not encoded as colour"));

/** The bw page as the worker hands it on: its PNG, and the PDF built from it as the scanner sends it. */
async function bwPage(b: Bitmap1) {
  const out = await encodePage("bw", b, noRgb);
  expect([out.format, out.blob.type]).toEqual(["png", "image/png"]);
  const png = new Uint8Array(await out.blob.arrayBuffer());
  const thumb = new Uint8Array(await out.pdfThumb!.arrayBuffer());
  const pdf = await assemblePdf([{ bytes: png, format: "png", width: b.width, height: b.height, thumb }], { now });
  return { png, pdf, thumb };
}

/** The PNG as an image decoder sees it (the thumbnail), pixel for pixel. */
function expectPngShows(png: Uint8Array, b: Bitmap1): void {
  const img = PNG.sync.read(Buffer.from(png));
  const shown = bitmap(img.width, img.height, (x, y) => img.data[(y * img.width + x) * 4] === 0);
  expectSamePixels(shown, b);
}

describe("encodePage for bw", () => {
  // The synthetic text page of the filter tests repeats one pattern of letters, which deflate
  // codes in next to nothing; shapes at random places with curved edges are G4's case, as
  // print on a camera page is (docs/filters.md has both sizes on the bench scenes).
  it("stores a page of curved shapes as G4 in the PDF, the PNG still showing the page", async () => {
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const disks = Array.from({ length: 60 }, () => [rand() * 800, rand() * 1100, 5 + rand() * 60]);
    const page = bitmap(827, 1170, (x, y) => disks.some(([cx, cy, r]) => (x - cx) ** 2 + (y - cy) ** 2 < r * r));
    const { png, pdf } = await bwPage(page);
    const { zlib, fax } = readBilevelPng(png);
    expect(fax).toEqual(encodeG4(page));
    expect(fax!.length).toBeLessThan(zlib.length);
    expectPngShows(png, page);
    const { enc, image } = await pdfBilevelImage(pdf);
    expect(enc).toBe("ccitt");
    expectSamePixels(image, page);
  });

  it("keeps Flate where G4 would be larger (noise), with no G4 in the PNG", async () => {
    let seed = 11;
    const page = bitmap(300, 200, () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 < 0.5);
    expect(encodeG4(page).length).toBeGreaterThan((await deflate(filteredRows(page))).length);
    const { png, pdf } = await bwPage(page);
    expect(readBilevelPng(png).fax).toBeUndefined();
    expectPngShows(png, page);
    const { enc, image } = await pdfBilevelImage(pdf);
    expect(enc).toBe("image");
    expectSamePixels(image, page);
  });

  it("carries a small grey JPEG of the page as its /Thumb, the console's picture of a G4 page", async () => {
    const page = bitmap(827, 1170, (x, y) => (x > 100 && x < 700 && y % 40 < 6) || (x < 60 && y < 300));
    const { pdf, thumb } = await bwPage(page);
    const decoded = jpeg.decode(thumb);
    expect([decoded.width, decoded.height]).toEqual([Math.ceil(827 / 8), Math.ceil(1170 / 8)]);
    // dark where the page's black block is, light on the paper
    expect(decoded.data[(10 * decoded.width + 3) * 4]).toBeLessThan(80);
    expect(decoded.data[(140 * decoded.width + 100) * 4]).toBeGreaterThan(200);
    const picture = await pagePicture(pdf, 1);
    expect(picture?.contentType).toBe("image/jpeg");
    expect(Buffer.from(picture!.bytes).equals(Buffer.from(thumb))).toBe(true);
  });
});
