import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import type { Frame } from "@/scanner/detector";
import { splitMrc } from "@/scanner/encode/mrc";
import { encodePage, PAGE_ENCODING } from "@/scanner/page/encode";
import { isStroke, meanRgb, type Rect } from "../image/synthetic-page";
import { BLUE_LINE, EDGE_PHOTO, EDGE_STROKES, edgePhotoPage, encodeRgb, filteredPage, GLARE_BAND_X, GLARE_PHOTO, GLARE_STROKES, glarePhotoPage, PHOTO, RED_RULE, SPEC } from "./mrc-page";

const inkAt = (m: { rowBytes: number; bits: Uint8Array }, x: number, y: number) => !((m.bits[y * m.rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1);
const inside = (r: Rect, x: number, y: number, pad = 0) => x >= r.x - pad && x < r.x + r.w + pad && y >= r.y - pad && y < r.y + r.h + pad;

describe("splitMrc", () => {
  const page = filteredPage(), { mask, foreground, background } = splitMrc(page);

  it("puts the text's strokes in the mask at the page's resolution, and nothing of the paper", () => {
    expect([mask.width, mask.height]).toEqual([SPEC.width, SPEC.height]);
    let strokes = 0, inked = 0, paper = 0, stray = 0;
    for (let y = 2; y < SPEC.height - 2; y++) {
      for (let x = 2; x < SPEC.width - 2; x++) {
        if ([RED_RULE, BLUE_LINE, PHOTO].some((r) => inside(r, x, y, 4))) continue;
        // a stroke's core (its neighbours are stroke too) must be ink; paper two pixels from any stroke must not
        if (isStroke(x, y) && isStroke(x - 1, y) && isStroke(x + 1, y)) { strokes++; if (inkAt(mask, x, y)) inked++; }
        let near = false;
        for (let dy = -2; dy <= 2 && !near; dy++) for (let dx = -2; dx <= 2 && !near; dx++) near = isStroke(x + dx, y + dy);
        if (!near) { paper++; if (inkAt(mask, x, y)) stray++; }
      }
    }
    expect(strokes).toBeGreaterThan(10_000);
    expect(inked / strokes).toBeGreaterThan(0.98);
    expect(stray / paper).toBeLessThan(0.001);
  });

  it("leaves a photo whole in the background, out of the mask", () => {
    let ink = 0;
    for (let y = PHOTO.y; y < PHOTO.y + PHOTO.h; y++) for (let x = PHOTO.x; x < PHOTO.x + PHOTO.w; x++) if (inkAt(mask, x, y)) ink++;
    expect(ink).toBe(0);
    const half: Rect = { x: PHOTO.x / 2 + 4, y: PHOTO.y / 2 + 4, w: PHOTO.w / 2 - 8, h: PHOTO.h / 2 - 8 };
    const full: Rect = { x: PHOTO.x + 8, y: PHOTO.y + 8, w: PHOTO.w - 16, h: PHOTO.h - 16 };
    const [a, b] = [meanRgb(background, half), meanRgb(page, full)];
    for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(6);
  });

  it("keeps a background of white paper where the text was", () => {
    expect([background.width, background.height]).toEqual([SPEC.width / 2, SPEC.height / 2]);
    const [r, g, b] = meanRgb(background, { x: 12, y: 10, w: 130, h: 30 }); // the first text lines, left of the red rule
    expect(Math.min(r, g, b)).toBeGreaterThan(245);
  });

  it("gives the ink its colour in the foreground: black text, a red rule, a blue line", () => {
    const at = (x: number, y: number) => meanRgb(foreground, { x: Math.floor(x / 4), y: Math.floor(y / 4), w: 1, h: 1 });
    const text = at(25, 25), red = at(RED_RULE.x + 100, RED_RULE.y + 2), blue = at(BLUE_LINE.x + 200, BLUE_LINE.y + 1);
    expect(Math.max(...text)).toBeLessThan(60);
    expect(red[0]).toBeGreaterThan(150);
    expect(Math.max(red[1], red[2])).toBeLessThan(red[0] - 80);
    expect(blue[2]).toBeGreaterThan(Math.max(blue[0], blue[1]) + 60);
  });
});

describe("splitMrc at a photo's edge", () => {
  // The photo's border strips lie in blocks that are mostly paper: cut into the mask, their
  // dark pixels took a fringe of the background with them, filled white from the paper.
  const page = edgePhotoPage(), { mask, background } = splitMrc(page), p = EDGE_PHOTO;
  const strips: Rect[] = [
    { x: p.x, y: p.y, w: p.w, h: 6 }, { x: p.x, y: p.y + p.h - 6, w: p.w, h: 6 },
    { x: p.x, y: p.y, w: 6, h: p.h }, { x: p.x + p.w - 6, y: p.y, w: 6, h: p.h },
  ];

  it("keeps the photo's edge out of the mask and its tone in the background", () => {
    for (const s of strips) {
      // the background's cells wholly inside the strip (they were paper white), against the page there
      const half: Rect = { x: Math.ceil(s.x / 2), y: Math.ceil(s.y / 2), w: Math.floor(s.w / 2) - 1, h: Math.floor(s.h / 2) - 1 };
      const [a, b] = [meanRgb(background, half), meanRgb(page, s)];
      for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(12);
    }
    let ink = 0;
    for (let y = p.y; y < p.y + p.h; y++) for (let x = p.x; x < p.x + p.w; x++) if (inkAt(mask, x, y)) ink++;
    expect(ink).toBe(0);
  });

  it("still puts the text beside the photo, bold stem included, in the mask", () => {
    for (const r of EDGE_STROKES) for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) expect(inkAt(mask, x, y)).toBe(true);
  });
});

describe("splitMrc at the edge of a photo the filter has mostly whitened", () => {
  // Only the photo's band on the right is judged picture; its left edge lies blocks away, and
  // its top and bottom edges run from the band through blocks that are mostly paper. Cut into
  // the mask, their dark pixels left speckle and white notches along the edge.
  const page = glarePhotoPage(), { mask, background } = splitMrc(page), p = GLARE_PHOTO;
  const strips: Rect[] = [
    { x: p.x, y: p.y, w: GLARE_BAND_X - p.x, h: 6 }, { x: p.x, y: p.y + p.h - 6, w: GLARE_BAND_X - p.x, h: 6 },
    { x: p.x, y: p.y, w: 6, h: p.h },
  ];

  it("keeps the photo's edges out of the mask and their tone in the background", () => {
    let ink = 0;
    for (let y = p.y; y < p.y + p.h; y++) for (let x = p.x; x < p.x + p.w; x++) if (inkAt(mask, x, y)) ink++;
    expect(ink).toBe(0);
    for (const s of strips) {
      const half: Rect = { x: Math.ceil(s.x / 2), y: Math.ceil(s.y / 2), w: Math.floor(s.w / 2) - 1, h: Math.floor(s.h / 2) - 1 };
      const [a, b] = [meanRgb(background, half), meanRgb(page, s)];
      for (let c = 0; c < 3; c++) expect(Math.abs(a[c] - b[c])).toBeLessThan(12);
    }
  });

  it("still puts the text beside the photo in the mask", () => {
    for (const r of GLARE_STROKES) for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) expect(inkAt(mask, x, y)).toBe(true);
  });
});

describe("encodePage with MRC", () => {
  it("keeps a page that fits its budget as one JPEG", async () => {
    const out = await encodePage("auto", filteredPage(), encodeRgb);
    expect(out.format).toBe("jpeg");
    expect(out.mrc).toBeUndefined();
  });

  it("splits a page still over its budget at the lowest quality, when that is smaller", async () => {
    const qualities: number[] = [];
    // The page is small; an encoder that makes its full size cost 200 KB stands for a dense page.
    const heavy = async (f: Frame, q: number) => {
      if (f.width === SPEC.width) { qualities.push(q); return new Blob([new Uint8Array(190 * 1024)]); }
      return encodeRgb(f, q);
    };
    const out = await encodePage("auto", filteredPage(), heavy);
    expect(qualities).toEqual([...PAGE_ENCODING.auto.qualities]);
    expect(out.format).toBe("mrc");
  });

  it("goes to MRC without the rest of the ladder when the first JPEG is far over the budget", async () => {
    const qualities: number[] = [];
    const huge = async (f: Frame, q: number) => {
      if (f.width === SPEC.width) { qualities.push(q); return new Blob([new Uint8Array(2 * PAGE_ENCODING.auto.budget)]); }
      return encodeRgb(f, q);
    };
    const out = await encodePage("auto", filteredPage(), huge);
    expect(qualities).toEqual([PAGE_ENCODING.auto.qualities[0]]);
    expect(out.format).toBe("mrc");
    expect(out.mrc!.mask.size).toBeGreaterThan(0);
    // the preview shows the page in the strip and as the PDF page's thumbnail: an eighth of its size
    const preview = jpeg.decode(new Uint8Array(await out.blob.arrayBuffer()));
    expect([preview.width, preview.height]).toEqual([Math.floor(SPEC.width / 8), Math.floor(SPEC.height / 8)]);
  });

  it("never splits bw or original pages", async () => {
    const big = async () => new Blob([new Uint8Array(400 * 1024)]);
    expect((await encodePage("original", filteredPage(), big)).format).toBe("jpeg");
  });
});
