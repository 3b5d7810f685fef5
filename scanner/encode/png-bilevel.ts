/**
 * One-bit PNGs for `bw` pages: the browser shows them as thumbnails, and the PDF embeds
 * their compressed rows as they are (a Flate stream with the PNG predictor), so the
 * page is compressed once, losslessly, at one bit a pixel. A PNG may also carry the same
 * page as a CCITT G4 stream, for the PDF, in a private chunk that image decoders skip.
 */

import type { Bitmap1 } from "../pixels";

export type { Bitmap1 };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The G4 chunk's type. Its letters' case makes it ancillary (decoders that do not know it
 * skip it), private, and unsafe to copy: an editor that changes the pixels drops it rather
 * than keep a stream that no longer matches them.
 */
const FAX_CHUNK = "ccIT";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length), view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The PNG rows: each row gets the "Up" filter (its bytes minus the row above), which turns
 * the runs of identical rows between text lines into zeros that deflate to almost nothing.
 */
export function filteredRows(b: Bitmap1): Uint8Array {
  const out = new Uint8Array(b.height * (b.rowBytes + 1));
  for (let y = 0; y < b.height; y++) {
    const o = y * (b.rowBytes + 1), row = y * b.rowBytes;
    out[o] = 2;
    for (let x = 0; x < b.rowBytes; x++) out[o + 1 + x] = (b.bits[row + x] - (y ? b.bits[row - b.rowBytes + x] : 0)) & 0xff;
  }
  return out;
}

/** zlib-wrapped deflate through the platform's CompressionStream (browsers, workers and Node). */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Encodes a bitmap as a 1-bit greyscale PNG (colour type 0, bit depth 1). */
export async function encodeBilevelPng(b: Bitmap1): Promise<Uint8Array> {
  return writeBilevelPng({ width: b.width, height: b.height, zlib: await deflate(filteredRows(b)) });
}

/** Writes the PNG around already compressed rows, and the G4 chunk when there is one. */
export function writeBilevelPng({ width, height, zlib, fax }: BilevelPngData): Uint8Array {
  return writeGreyPng(width, height, 1, zlib, fax ? [chunk(FAX_CHUNK, fax)] : []);
}

/** A greyscale PNG (colour type 0, no interlace) of `depth` bits a pixel around compressed rows. */
export function writeGreyPng(width: number, height: number, depth: 1 | 8, zlib: Uint8Array, extra: Uint8Array[] = []): Uint8Array {
  const header = new Uint8Array(13), view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([depth, 0, 0, 0, 0], 8);
  const parts = [Uint8Array.from(SIGNATURE), chunk("IHDR", header), chunk("IDAT", zlib), ...extra, chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

/**
 * What a PDF needs of a 1-bit PNG: its size, its zlib stream (the IDAT chunks joined) and,
 * when present, the same pixels as a CCITT G4 stream (T.6, 1 = white).
 */
export interface BilevelPngData {
  width: number;
  height: number;
  zlib: Uint8Array;
  fax?: Uint8Array;
}

/** Reads back a PNG written by `writeBilevelPng`; refuses any other kind of PNG. */
export function readBilevelPng(png: Uint8Array): BilevelPngData {
  if (!SIGNATURE.every((v, i) => png[i] === v)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0, height = 0, fax: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= png.length;) {
    const len = view.getUint32(at), type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      if (data[8] !== 1 || data[9] !== 0 || data[12] !== 0) throw new Error("not a 1-bit grey PNG without interlace");
    } else if (type === "IDAT") idat.push(data);
    else if (type === FAX_CHUNK) fax = data;
    at += 12 + len;
  }
  if (!width || !idat.length) throw new Error("PNG without header or data");
  const zlib = new Uint8Array(idat.reduce((n, p) => n + p.length, 0));
  idat.reduce((at, p) => (zlib.set(p, at), at + p.length), 0);
  return { width, height, zlib, ...(fax ? { fax } : {}) };
}
