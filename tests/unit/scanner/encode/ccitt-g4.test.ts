import { describe, expect, it } from "vitest";
import { changingElements, encodeG4 } from "@/scanner/encode/ccitt-g4";
import { deflate, filteredRows, writeBilevelPng, type Bitmap1 } from "@/scanner/encode/png-bilevel";
import { binarize } from "@/scanner/image/binarize";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { renderPage } from "../image/synthetic-page";
import { bitmap, expectSamePixels, pdfBilevelImage } from "./bilevel-support";

const now = new Date("2026-11-28T12:00:00Z");

/** A bitmap whose rows are runs of alternating colour, white first, from a list of lengths per row. */
function runRows(width: number, rows: number[][]): Bitmap1 {
  const black = rows.map((runs) => {
    const row = new Uint8Array(width);
    runs.reduce((x, len, i) => (row.fill(i & 1, x, x + len), x + len), 0);
    return row;
  });
  return bitmap(width, rows.length, (x, y) => black[y][x] === 1);
}

/** The bitmap through a PDF built by `assemblePdf` from a PNG carrying its G4 stream, as pdf.js decodes it. */
async function roundTrip(b: Bitmap1): Promise<void> {
  const png = writeBilevelPng({ width: b.width, height: b.height, zlib: await deflate(filteredRows(b)), fax: encodeG4(b) });
  const { enc, image } = await pdfBilevelImage(await assemblePdf([{ bytes: png, format: "png", width: b.width, height: b.height }], { now }));
  expect(enc).toBe("ccitt");
  expectSamePixels(image, b);
}

describe("encodeG4, decoded by pdf.js", () => {
  it("keeps an all-white and an all-black page", async () => {
    await roundTrip(bitmap(40, 12, () => false));
    await roundTrip(bitmap(40, 12, () => true));
  });

  it("keeps single pixels at the corners and edges, at widths that are not whole bytes", async () => {
    for (const width of [1, 7, 9, 13, 1001]) {
      const h = 9, last = width - 1;
      const lone = (x: number, y: number) =>
        (y === 0 && (x === 0 || x === last)) || (y === h - 1 && (x === 0 || x === last)) || (y === 4 && x === last) || (y === 6 && x === 0) || (x === width >> 1 && y === 2);
      await roundTrip(bitmap(width, h, lone));
      await roundTrip(bitmap(width, h, (x, y) => !lone(x, y))); // the same on black
    }
  });

  it("codes every run length from 0 to 2700 of either colour, and runs longer than 2560 chained", async () => {
    // Under an all-white row every run is coded in horizontal mode, so each length is coded as it is.
    const width = 6000, lines: number[][] = [[]];
    for (let len = 1; len <= 2700; len++) {
      if (lines[lines.length - 1].reduce((a, b) => a + b, 0) + 2 * len > width) lines.push([]);
      lines[lines.length - 1].push(len, len);
    }
    // White run 0 (a black first pixel); runs past 2560 that need one, two and three make-up codes.
    lines.push([0, 5], [2560, 2623, 817], [2624, 2625, 751], [5200, 800], [0, 5999, 1], [5999, 1], [0, 6000]);
    const rows = lines.flatMap((runs) => [[width], runs]);
    await roundTrip(runRows(width, rows));
  });

  it("keeps random noise, dense and sparse", async () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    await roundTrip(bitmap(333, 120, () => rand() < 0.5));
    await roundTrip(bitmap(250, 200, () => rand() < 0.03));
  });

  it("keeps a binarized page of text, a photo and a red mark pixel for pixel", async () => {
    const page = binarize(renderPage({ width: 827, height: 1170, photo: { x: 420, y: 500, w: 300, h: 220 }, red: { x: 60, y: 900, w: 200, h: 40 }, light: [1, 0.7] }));
    await roundTrip(page);
  });
});

describe("encodeG4", () => {
  it("ends with EOFB (two EOLs), then fewer than 8 zero bits to the byte", () => {
    const bits = [...encodeG4(bitmap(21, 5, (x, y) => x === y))].map((v) => v.toString(2).padStart(8, "0")).join("");
    expect(bits.replace(/0{0,7}$/, "")).toMatch(/000000000001000000000001$/);
  });

  it("finds a row's changing elements, the first turning black, with the row's width after them", () => {
    const out = new Int32Array(20 + 3);
    const b = bitmap(20, 1, (x) => x === 0 || (x >= 7 && x < 9) || x === 19);
    expect(Array.from(out.subarray(0, changingElements(b.bits, 0, 20, out) + 3))).toEqual([0, 1, 7, 9, 19, 20, 20, 20]);
    const padded = { ...b, bits: b.bits.map((v, i) => (i === 2 ? v & 0xf0 : v)) }; // black padding bits are not pixels
    expect(changingElements(padded.bits, 0, 20, out)).toBe(5);
  });
});
