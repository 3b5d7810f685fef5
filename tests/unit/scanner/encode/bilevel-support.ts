/**
 * Bitmaps for the bilevel encoding tests, and a PDF's bilevel image as poppler decodes it:
 * the independent reader the round trips are judged by.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Bitmap1 } from "@/scanner/encode/png-bilevel";

/** A bitmap with `black(x, y)` pixels black; padding bits white, as `binarize` leaves them. */
export function bitmap(width: number, height: number, black: (x: number, y: number) => boolean): Bitmap1 {
  const rowBytes = Math.ceil(width / 8), bits = new Uint8Array(rowBytes * height).fill(0xff);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (black(x, y)) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  return { width, height, rowBytes, bits };
}

/**
 * The only image of a one-page PDF: how it is stored (`pdfimages -list`'s "enc" column:
 * "ccitt", or "image" for Flate) and its pixels as `pdfimages` decodes them (a 1-bit image
 * comes out as PBM, 1 = black). The PDF must pass `qpdf --check` first.
 */
export function pdfBilevelImage(pdf: Uint8Array): { enc: string; image: Bitmap1 } {
  const dir = mkdtempSync(path.join(tmpdir(), "bilevel-")), file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toMatch(/No syntax or stream encoding errors/);
  const rows = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2).map((l) => l.trim().split(/\s+/));
  expect(rows).toHaveLength(1);
  const [, , , width, height, color, comp, bpc, enc] = rows[0]; // page num type width height color comp bpc enc ...
  expect([color, comp, bpc]).toEqual(["gray", "1", "1"]);
  execFileSync("pdfimages", [file, path.join(dir, "img")]);
  const pbm = readFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith(".pbm"))!));
  const header = /^P4\s+(\d+)\s+(\d+)\s/.exec(pbm.toString("latin1", 0, 40))!;
  expect([header[1], header[2]]).toEqual([width, height]);
  const rowBytes = Math.ceil(Number(width) / 8), bits = Uint8Array.from(pbm.subarray(header[0].length), (v) => ~v & 0xff);
  expect(bits.length).toBe(rowBytes * Number(height));
  return { enc, image: { width: Number(width), height: Number(height), rowBytes, bits } };
}

/** Every pixel of `b` in `decoded`, padding bits left out; on failure, the first few that differ. */
export function expectSamePixels(decoded: Bitmap1, b: Bitmap1): void {
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
