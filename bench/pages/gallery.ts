// Pictures beside the numbers: per scene, the whole page and a close crop (around the stamp,
// or the first lines of text) as printed, as the camera saw it, and as each run delivered it.
import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import { homographyFrom, project } from "../../scanner/detector/homography";
import type { Pt } from "../../tests/e2e/support/synthetic-page";
import type { Box, Rgba } from "./metrics";

/** The camera frame's page, straightened with the true corners and no change of colour: what perfect cropping alone gives. */
export function rectify(photo: Rgba, corners: [Pt, Pt, Pt, Pt], width: number, height: number): Rgba {
  const h = homographyFrom([[0, 0], [width, 0], [width, height], [0, height]], corners)!;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const [px, py] = project(h, x + 0.5, y + 0.5);
    const fx = Math.max(0, Math.min(photo.width - 1.001, px - 0.5)), fy = Math.max(0, Math.min(photo.height - 1.001, py - 0.5));
    const x0 = Math.floor(fx), y0 = Math.floor(fy), ax = fx - x0, ay = fy - y0, i = 4 * (y0 * photo.width + x0), j = i + 4 * photo.width, o = 4 * (y * width + x);
    for (let k = 0; k < 3; k++) {
      const top = photo.data[i + k] + ax * (photo.data[i + 4 + k] - photo.data[i + k]);
      const bottom = photo.data[j + k] + ax * (photo.data[j + 4 + k] - photo.data[j + k]);
      data[o + k] = Math.round(top + ay * (bottom - top));
    }
    data[o + 3] = 255;
  }
  return { width, height, data };
}

/** Area-average resize (for thumbnails). */
function resize(img: Rgba, width: number, height: number): Rgba {
  const data = new Uint8Array(width * height * 4), sx = img.width / width, sy = img.height / height;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const acc = [0, 0, 0];
    let n = 0;
    for (let v = Math.floor(y * sy); v < Math.min(img.height, Math.ceil((y + 1) * sy)); v++)
      for (let u = Math.floor(x * sx); u < Math.min(img.width, Math.ceil((x + 1) * sx)); u++, n++)
        for (let k = 0; k < 3; k++) acc[k] += img.data[4 * (v * img.width + u) + k];
    for (let k = 0; k < 3; k++) data[4 * (y * width + x) + k] = acc[k] / Math.max(1, n);
    data[4 * (y * width + x) + 3] = 255;
  }
  return { width, height, data };
}

function crop(img: Rgba, box: Box): Rgba {
  const x0 = Math.max(0, Math.round(box[0] * img.width)), y0 = Math.max(0, Math.round(box[1] * img.height));
  const width = Math.min(img.width, Math.round(box[2] * img.width)) - x0, height = Math.min(img.height, Math.round(box[3] * img.height)) - y0;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) data.set(img.data.subarray(4 * ((y0 + y) * img.width + x0), 4 * ((y0 + y) * img.width + x0 + width)), 4 * y * width);
  return { width, height, data };
}

/** Rows of pictures side by side on a grey sheet, written as PNG. */
function sheet(file: string, rows: Rgba[][], gap = 12): void {
  const width = Math.max(...rows.map((r) => r.reduce((w, i) => w + i.width + gap, gap)));
  const height = rows.reduce((h, r) => h + Math.max(...r.map((i) => i.height)) + gap, gap);
  const png = new PNG({ width, height });
  png.data.fill(90);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  let top = gap;
  for (const row of rows) {
    let left = gap;
    for (const img of row) {
      for (let y = 0; y < img.height; y++) png.data.set(img.data.subarray(4 * y * img.width, 4 * (y + 1) * img.width), 4 * ((top + y) * width + left));
      left += img.width + gap;
    }
    top += Math.max(...row.map((i) => i.height)) + gap;
  }
  writeFileSync(file, PNG.sync.write(png));
}

/** One scene's sheet: pages (all at the same size) in a row, then the same crop of each at full resolution. */
export function writeGallery(file: string, pages: Rgba[], focus: Box): void {
  const thumbs = pages.map((p) => resize(p, 420, Math.round((420 * p.height) / p.width)));
  const box: Box = [Math.max(0, focus[0]), Math.max(0, focus[1]), Math.min(1, focus[0] + 0.42), Math.min(1, focus[1] + 0.16)];
  sheet(file, [thumbs, pages.map((p) => crop(p, box))]);
}
