// The page pictures of an uploaded PDF, under hard limits. Plain JavaScript: it runs in a worker
// thread (worker.mjs), away from the request's event loop, and the tests call it directly.
import { Buffer } from "node:buffer";
import { crc32, inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";

/** Why a document gets no pictures: one short sentence the console and the log can show. */
export class OverLimit extends Error {
  name = "OverLimit";
}

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/**
 * Every page's picture of `pdf`, or the limit it is over. pdf-lib decodes every object stream
 * (and cross-reference stream) at load with no output bound, and walks the page tree with no
 * visited set, so the file is first read here without pdf-lib: objects counted, every stream
 * pdf-lib would decode inflated against a byte budget, syntax the scanner never writes refused.
 * Only then is it loaded, and its page tree walked here with a visited set, a depth and a leaf
 * budget (pdf-lib's own page walk, and its inherited-attribute walk up `/Parent`, are never used).
 *
 * @param {Uint8Array} pdf
 * @param {import("./extract.d.mts").PictureLimits} limits
 * @returns {Promise<import("./extract.d.mts").ExtractedPictures>}
 */
export async function extractPagePictures(pdf, limits) {
  try {
    prescan(pdf, limits);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
    if (!doc) return { pages: [], pictures: [] };
    let leaves;
    try {
      leaves = pageLeaves(doc, limits);
    } catch (err) {
      if (err instanceof OverLimit) throw err;
      return { pages: [], pictures: [] }; // no catalog, a page tree of the wrong types: no pictures
    }
    return picturesOf(doc, leaves, limits);
  } catch (err) {
    if (err instanceof OverLimit) return { refused: err.message };
    throw err;
  }
}

// Not inside a run of digits: from every digit of a long run, the match would retry the whole run.
const OBJ = /(?<![0-9])(\d+)[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj\b/g;

/**
 * The bounded first reading. Streams are found as pdf-lib finds them (a direct `/Length`, or the
 * next `endstream`); each one pdf-lib would decode is inflated with an output cap that is what is
 * left of the document's budget, so a bomb stops at the budget, not at its size.
 */
function prescan(pdf, limits) {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  let objects = 0;
  let inflated = 0;
  OBJ.lastIndex = 0;
  for (let m = OBJ.exec(text); m; m = OBJ.exec(text)) {
    if (++objects > limits.maxObjects) throw new OverLimit(`more than ${limits.maxObjects} objects`);
    const start = m.index + m[0].length;
    const end = text.indexOf("endobj", start);
    const streamAt = text.indexOf("stream", start);
    if (streamAt < 0 || (end >= 0 && streamAt > end)) continue;
    const dict = text.slice(start, streamAt);
    refuseUnusualSyntax(dict);
    let dataStart = streamAt + "stream".length;
    if (text[dataStart] === "\r") dataStart++;
    if (text[dataStart] === "\n") dataStart++;
    const length = lastDirectLength(dict);
    const dataEnd = length !== null && dataStart + length <= text.length ? dataStart + length : text.indexOf("endstream", dataStart);
    if (dataEnd < 0) break;
    OBJ.lastIndex = dataEnd;
    // pdf-lib decodes at load only the streams whose /Type is ObjStm or XRef (a direct name: an
    // indirect or escaped one was refused above); it keeps every other stream's bytes raw.
    const decodedAtLoad = /\/(?:ObjStm|XRef)\b/.test(dict);
    if (!decodedAtLoad) continue;
    const filter = /\/Filter\b\s*([^\s/]?)(\/?[A-Za-z0-9]*)/.exec(dict);
    if (filter && (filter[1] !== "" || filter[2] !== "/FlateDecode")) throw new OverLimit("an object stream with a filter the scanner does not write");
    if (/\/ObjStm\b/.test(dict)) {
      const n = /\/N\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      if (!n) throw new OverLimit("an object stream without a direct object count");
      objects += Number(n[1]);
      if (objects > limits.maxObjects) throw new OverLimit(`more than ${limits.maxObjects} objects`);
    }
    if (!filter) {
      if (/\/ObjStm\b/.test(dict)) refuseUnusualSyntax(text.slice(dataStart, dataEnd));
      continue;
    }
    const left = limits.maxInflatedBytes - inflated;
    try {
      const out = inflateSync(pdf.subarray(dataStart, dataEnd), { maxOutputLength: Math.max(1, left), finishFlush: 2 /* Z_SYNC_FLUSH: a cut stream still counts */ });
      inflated += out.length;
      if (inflated > limits.maxInflatedBytes) throw new OverLimit(`streams that inflate to more than ${mib(limits.maxInflatedBytes)}`);
      if (/\/ObjStm\b/.test(dict)) refuseUnusualSyntax(out.toString("latin1"));
    } catch (err) {
      if (err && err.code === "ERR_BUFFER_TOO_LARGE") throw new OverLimit(`streams that inflate to more than ${mib(limits.maxInflatedBytes)}`);
      // Not deflate data at all: pdf-lib fails on it the same way and keeps the raw bytes.
    }
  }
}

/**
 * Name escapes (`/Obj#53tm`) and indirect filters could hide what a stream is from the text
 * checks above; the scanner writes neither, so a document that uses them gets no pictures.
 */
function refuseUnusualSyntax(text) {
  if (/\/[^\s/<>[\]()%]*#[0-9A-Fa-f]{2}/.test(text)) throw new OverLimit("escaped names, which the scanner does not write");
  if (/\/(?:Filter|Type)\s+\d+\s+\d+\s+R\b/.test(text)) throw new OverLimit("an indirect stream filter or type, which the scanner does not write");
}

function lastDirectLength(dict) {
  let length = null;
  for (const m of dict.matchAll(/\/Length\s+(\d+)(\s+\d+\s+R)?/g)) length = m[2] ? null : Number(m[1]);
  return length;
}

/**
 * The page dictionaries in order, each with the `/Resources` it inherits. Refused: a node
 * reached twice (a shared or cyclic `/Kids`), a tree deeper than `maxDepth`, more leaves
 * than `maxPages`.
 */
function pageLeaves(doc, limits) {
  const root = doc.catalog.get(PDFName.of("Pages"));
  const leaves = [];
  const seen = new Set();
  const walk = (ref, inherited, depth) => {
    if (depth > limits.maxDepth) throw new OverLimit(`a page tree deeper than ${limits.maxDepth}`);
    if (!(ref instanceof PDFRef)) return;
    if (seen.has(ref)) throw new OverLimit("a page-tree node reached twice");
    seen.add(ref);
    if (seen.size > 2 * limits.maxPages + 64) throw new OverLimit(`a page tree of more than ${2 * limits.maxPages + 64} nodes`);
    const node = doc.context.lookup(ref);
    if (!(node instanceof PDFDict)) return;
    const resources = node.get(PDFName.of("Resources")) ?? inherited;
    const kids = node.lookup(PDFName.of("Kids"));
    if (node.get(PDFName.of("Type")) === PDFName.of("Page") || !(kids instanceof PDFArray)) {
      if (leaves.length >= limits.maxPages) throw new OverLimit(`more than ${limits.maxPages} pages`);
      leaves.push({ node, resources });
      return;
    }
    for (let i = 0; i < kids.size(); i++) walk(kids.get(i), resources, depth + 1);
  };
  walk(root, undefined, 0);
  return leaves;
}

/**
 * One picture per page: its JPEG `/Thumb` (a page drawn in layers, where no single image is the
 * page), else its largest image when a browser can show it (a JPEG as is; a one-bit Flate image
 * with PNG predictors inside a PNG header). A picture shared by several pages is kept once.
 */
function picturesOf(doc, leaves, limits) {
  const pictures = [];
  const index = new Map();
  const pages = leaves.map(({ node, resources }) => {
    let picture;
    try {
      picture = thumbOf(doc, node) ?? largestImageOf(doc, resources);
    } catch {
      picture = null; // a dictionary of the wrong type: that page simply has no picture
    }
    if (!picture) return null;
    if (picture.bytes.length > limits.maxPictureBytes) throw new OverLimit(`a page picture over ${mib(limits.maxPictureBytes)}`);
    if (!index.has(picture.stream)) {
      index.set(picture.stream, pictures.length);
      pictures.push({ contentType: picture.contentType, bytes: picture.bytes });
    }
    return index.get(picture.stream);
  });
  return { pages, pictures };
}

function thumbOf(doc, page) {
  const ref = page.get(PDFName.of("Thumb"));
  const stream = ref ? doc.context.lookup(ref) : null;
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Filter")) !== PDFName.of("DCTDecode")) return null;
  return jpegOf(stream);
}

function largestImageOf(doc, resourcesRef) {
  const resources = resourcesRef ? doc.context.lookup(resourcesRef) : null;
  const xobjects = resources instanceof PDFDict ? resources.lookupMaybe(PDFName.of("XObject"), PDFDict) : undefined;
  let best = null;
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const area = num(stream.dict, "Width") * num(stream.dict, "Height");
    if (!best || area > best.area) best = { stream, area };
  }
  return best ? imageOf(best.stream) : null;
}

function num(dict, key) {
  const v = dict.get(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : 0;
}

/** A JPEG only when its bytes are one: anything else served as `image/jpeg` is the uploader's. */
function jpegOf(stream) {
  const bytes = stream.contents;
  return JPEG_SIGNATURE.every((b, i) => bytes[i] === b) ? { stream, contentType: "image/jpeg", bytes } : null;
}

function imageOf(stream) {
  const filter = stream.dict.get(PDFName.of("Filter"));
  if (filter === PDFName.of("DCTDecode")) return jpegOf(stream);
  const bits = num(stream.dict, "BitsPerComponent");
  const parms = stream.dict.lookupMaybe(PDFName.of("DecodeParms"), PDFDict);
  const gray = stream.dict.get(PDFName.of("ColorSpace")) === PDFName.of("DeviceGray");
  const width = num(stream.dict, "Width");
  const height = num(stream.dict, "Height");
  const sized = Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && width < 2 ** 31 && height < 2 ** 31;
  if (filter === PDFName.of("FlateDecode") && gray && bits === 1 && parms && num(parms, "Predictor") >= 10 && sized) {
    return { stream, contentType: "image/png", bytes: pngOf(width, height, stream.contents) };
  }
  return null;
}

/** A one-bit greyscale PNG from already-deflated, already-filtered rows. */
function pngOf(width, height, idat) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return new Uint8Array(Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", Buffer.from(idat)), chunk("IEND", Buffer.alloc(0))]));
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function mib(bytes) {
  return `${Math.round(bytes / 2 ** 20)} MiB`;
}
