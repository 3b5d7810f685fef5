/** The synthetic page the MRC tests split and embed: text, a red rule, a blue line, a photo, uneven warm light. */
import jpeg from "jpeg-js";
import type { Frame } from "@/scanner/detector";
import { documentFilter } from "@/scanner/image/document-filter";
import { renderPage, type PageSpec, type Rect } from "../image/synthetic-page";

export const RED_RULE: Rect = { x: 300, y: 90, w: 220, h: 5 };
export const BLUE_LINE: Rect = { x: 40, y: 300, w: 400, h: 3 };
export const PHOTO: Rect = { x: 60, y: 420, w: 240, h: 180 };
export const SPEC: PageSpec = { width: 600, height: 848, red: RED_RULE, blueLine: BLUE_LINE, photo: PHOTO, light: [0.7, 1], cast: [1, 0.9, 0.75] };

/** The synthetic page through the `auto` filter, as the worker has it before encoding. */
export function filteredPage(spec: PageSpec = SPEC): Frame {
  const page = renderPage(spec);
  documentFilter(page, { grey: false });
  return page;
}

/** A colour JPEG encoder for Node (the worker uses the canvas's). */
export const encodeRgb = async (f: Frame, q: number) =>
  new Blob([new Uint8Array(jpeg.encode({ data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length), width: f.width, height: f.height }, Math.round(q * 100)).data)], { type: "image/jpeg" });

/**
 * A page already filtered (white paper) with a photo whose four edges each fall 6 px into a
 * block (32 px) that is otherwise paper and text: noisy mid tones, darkening to about the ink
 * threshold towards its edges, as a print's border does. Text stands 8 px from the photo in
 * those same blocks, with one bold stem (8 px wide).
 */
export const EDGE_PHOTO: Rect = { x: 58, y: 58, w: 172, h: 172 };
export const EDGE_STROKES: Rect[] = [
  ...[36, 44].map((x) => ({ x, y: 80, w: 3, h: 120 })), { x: 36, y: 120, w: 14, h: 3 }, // left of the photo
  { x: 70, y: 238, w: 140, h: 3 }, ...[70, 90, 110].map((x) => ({ x, y: 238, w: 3, h: 14 })), // below it
  { x: 238, y: 90, w: 8, h: 100 }, // right of it, bold
];

export function edgePhotoPage(size = 288): Frame {
  const data = new Uint8ClampedArray(size * size * 4).fill(255), p = EDGE_PHOTO;
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
  for (let y = p.y; y < p.y + p.h; y++) {
    for (let x = p.x; x < p.x + p.w; x++) {
      const edge = Math.min(x - p.x, p.x + p.w - 1 - x, y - p.y, p.y + p.h - 1 - y);
      const v = 145 + 50 * Math.min(1, edge / 30) + 40 * rand(), o = (y * size + x) * 4;
      data[o] = v * 1.1; data[o + 1] = v; data[o + 2] = v * 0.8;
    }
  }
  for (const r of EDGE_STROKES) for (let y = r.y; y < r.y + r.h; y++) data.fill(30, (y * size + r.x) * 4, (y * size + r.x + r.w) * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width: size, height: size };
}

/**
 * A page already filtered with a photo the filter has mostly whitened, as glare leaves it: only
 * a band on its right keeps its middle tones (and is judged picture); elsewhere a strip along
 * each edge darkens from paper white to about the ink threshold over 24 px (10 px at the bottom,
 * so the whitened inside lies within `MRC.strokeReach` of the edge's dark pixels), as a print's
 * border does, and the rest is paper white. The strips join the band along the top and bottom edges.
 * Text stands 12 px from the photo, left of it and below it.
 */
export const GLARE_PHOTO: Rect = { x: 40, y: 40, w: 240, h: 200 };
export const GLARE_BAND_X = 180;
export const GLARE_STROKES: Rect[] = [
  { x: 25, y: 80, w: 3, h: 120 }, { x: 18, y: 120, w: 10, h: 3 }, // left of the photo
  { x: 60, y: 252, w: 100, h: 3 }, ...[60, 100].map((x) => ({ x, y: 252, w: 3, h: 14 })), // below it
];

export function glarePhotoPage(width = 320, height = 288): Frame {
  const data = new Uint8ClampedArray(width * height * 4).fill(255), p = GLARE_PHOTO;
  let seed = 11;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
  for (let y = p.y; y < p.y + p.h; y++) {
    for (let x = p.x; x < p.x + p.w; x++) {
      const edge = Math.min(x - p.x, p.x + p.w - 1 - x, y - p.y), bottom = p.y + p.h - 1 - y, ramp = Math.min(1, edge / 24, bottom / 10);
      const v = x >= GLARE_BAND_X ? 145 + 30 * ramp + 40 * rand() : ramp === 1 ? 252 : 145 + 90 * ramp + 20 * rand(), o = (y * width + x) * 4;
      data[o] = v * 1.1; data[o + 1] = v; data[o + 2] = v * 0.8;
    }
  }
  for (const r of GLARE_STROKES) for (let y = r.y; y < r.y + r.h; y++) data.fill(30, (y * width + r.x) * 4, (y * width + r.x + r.w) * 4);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data, width, height };
}
