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
