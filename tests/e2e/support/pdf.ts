import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PNG } from "pngjs";

export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Renders every page of a PDF with poppler's pdftoppm (the real renderer a reader would use).
 * The browser suite's photo checks keep poppler: their content-match thresholds were set on
 * its renders, and pdf.js downscales a photo differently (tests/support/pdf-check.ts renders
 * for the unit tests; docs/testing.md).
 */
export function renderPdf(pdf: Uint8Array, dpi = 40): Raster[] {
  const dir = mkdtempSync(path.join(tmpdir(), "scan-pdf-"));
  writeFileSync(path.join(dir, "doc.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", String(dpi), "-png", path.join(dir, "doc.pdf"), path.join(dir, "p")]);
  return readdirSync(dir).filter((f) => f.endsWith(".png")).sort().map((f) => {
    const png = PNG.sync.read(readFileSync(path.join(dir, f)));
    return { width: png.width, height: png.height, data: png.data };
  });
}

/** Centres (as fractions of the raster) of connected regions matching `test`, largest first. */
export function findBlobs(r: Raster, test: (rgb: [number, number, number]) => boolean, minArea = 20) {
  const seen = new Uint8Array(r.width * r.height);
  const blobs: { cx: number; cy: number; area: number }[] = [];
  const at = (i: number): [number, number, number] => [r.data[i * 4], r.data[i * 4 + 1], r.data[i * 4 + 2]];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !test(at(start))) continue;
    let sx = 0, sy = 0, n = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!, x = i % r.width, y = (i / r.width) | 0;
      sx += x; sy += y; n++;
      for (const j of [i - 1, i + 1, i - r.width, i + r.width]) {
        if (j < 0 || j >= seen.length || seen[j] || Math.abs((j % r.width) - x) > 1 || !test(at(j))) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (n >= minArea) blobs.push({ cx: (sx / n + 0.5) / r.width, cy: (sy / n + 0.5) / r.height, area: n });
  }
  return blobs.sort((a, b) => b.area - a.area);
}
