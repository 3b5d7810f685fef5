import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changingElements, encodeG4 } from "@/scanner/encode/ccitt-g4";
import { deflate, filteredRows, writeBilevelPng, type Bitmap1 } from "@/scanner/encode/png-bilevel";
import { binarize } from "@/scanner/image/binarize";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { renderPage } from "../image/synthetic-page";

const now = new Date("2026-11-28T12:00:00Z");

/** A bitmap with `black(x, y)` pixels black; padding bits white, as `binarize` leaves them. */
function bitmap(width: number, height: number, black: (x: number, y: number) => boolean): Bitmap1 {
  const rowBytes = Math.ceil(width / 8), bits = new Uint8Array(rowBytes * height).fill(0xff);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (black(x, y)) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  return { width, height, rowBytes, bits };
}

/** A bitmap whose rows are runs of alternating colour, white first, from a list of lengths per row. */
function runRows(width: number, rows: number[][]): Bitmap1 {
  const black = rows.map((runs) => {
    const row = new Uint8Array(width);
    runs.reduce((x, len, i) => (row.fill(i & 1, x, x + len), x + len), 0);
    return row;
  });
  return bitmap(width, rows.length, (x, y) => black[y][x] === 1);
}

/**
 * The PDF's image as poppler decodes it: the page built by `assemblePdf` from a PNG
 * carrying the G4 stream, then `pdfimages`, which writes a 1-bit image as PBM (1 = black).
 * `qpdf --check` must pass and the image must be CCITT-coded.
 */
async function throughPoppler(b: Bitmap1): Promise<Bitmap1> {
  const png = writeBilevelPng({ width: b.width, height: b.height, zlib: await deflate(filteredRows(b)), fax: encodeG4(b) });
  const pdf = await assemblePdf([{ bytes: png, format: "png", width: b.width, height: b.height }], { now });
  const dir = mkdtempSync(path.join(tmpdir(), "g4-")), file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toMatch(/No syntax or stream encoding errors/);
  const [row] = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2).map((l) => l.trim().split(/\s+/));
  expect(row.slice(3, 10)).toEqual([String(b.width), String(b.height), "gray", "1", "1", "ccitt", "no"]);
  execFileSync("pdfimages", [file, path.join(dir, "img")]);
  const pbm = readFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith(".pbm"))!));
  const header = /^P4\s+(\d+)\s+(\d+)\s/.exec(pbm.toString("latin1", 0, 40))!;
  const rowBytes = Math.ceil(b.width / 8), bits = Uint8Array.from(pbm.subarray(header[0].length), (v) => ~v & 0xff);
  expect(bits.length).toBe(rowBytes * b.height);
  return { width: Number(header[1]), height: Number(header[2]), rowBytes, bits };
}

/** Every pixel of `b` in `decoded` (padding bits left out); the first few differences when not. */
function expectSamePixels(decoded: Bitmap1, b: Bitmap1): void {
  expect([decoded.width, decoded.height]).toEqual([b.width, b.height]);
  const diff: string[] = [];
  for (let y = 0; y < b.height && diff.length < 5; y++) {
    for (let x = 0; x < b.width && diff.length < 5; x++) {
      const at = y * b.rowBytes + (x >> 3), m = 0x80 >> (x & 7);
      if ((decoded.bits[at] & m) !== (b.bits[at] & m)) diff.push(`(${x}, ${y})`);
    }
  }
  expect(diff).toEqual([]);
}

async function roundTrip(b: Bitmap1): Promise<void> {
  expectSamePixels(await throughPoppler(b), b);
}

describe("encodeG4, decoded by poppler", () => {
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
