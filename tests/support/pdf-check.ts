/**
 * Checks a PDF the way a reader would, in-process, with no system tool: the one place tests
 * look inside a delivered or assembled PDF. Use these instead of shelling out to poppler or
 * qpdf (docs/testing.md, "Checking a PDF"):
 *
 *   qpdf --check FILE          → await expectSoundPdf(bytes)       (or pdfProblems(bytes))
 *   pdfimages -list FILE       → await pdfImageList(bytes)         (rows like its columns)
 *   pdfimages FILE (pixels)    → await decodedImages(bytes, page)  (decoded by pdf.js)
 *   pdftotext -bbox FILE       → await pdfWords(bytes, page)       (boxes in pt, top-left origin)
 *   pdftotext -layout FILE     → await pdfText(bytes)
 *   pdftoppm -r DPI FILE       → await renderPdf(bytes, dpi)       (RGBA rasters, one per page)
 *   qpdf --qdf + grep          → await pageContent(bytes, page)    (the decoded content stream)
 *
 * The reader is pdf.js (Firefox's, a devDependency: its own Flate, DCT and CCITT decoders,
 * independent of what the scanner encodes with) and pdf-lib for the document's objects; the
 * structural check adds a strict pass of its own over the cross-reference table and every
 * Flate stream, where pdf.js alone would quietly repair a broken file.
 */
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream, decodePDFRawStream } from "pdf-lib";
import { expect } from "vitest";

const pdfjsDir = path.resolve("node_modules/pdfjs-dist");
type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsModule: Promise<PdfJs> | undefined;
const pdfjs = () => (pdfjsModule ??= import("pdfjs-dist/legacy/build/pdf.mjs"));

/**
 * Opens a document with pdf.js, its warnings collected rather than printed: pdf.js reports
 * what it had to repair or could not decode as warnings, which the structural check counts as
 * problems. `stopAtErrors` makes a broken stream fail instead of drawing what it can.
 */
async function openWithPdfJs(pdf: Uint8Array, warnings: string[] = []) {
  const lib = await pdfjs();
  const doc = await lib.getDocument({
    data: new Uint8Array(pdf), // a copy: pdf.js transfers (detaches) the buffer it is given, and refuses a Buffer
    stopAtErrors: true,
    verbosity: lib.VerbosityLevel.WARNINGS,
    isEvalSupported: false,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    cMapUrl: `${pdfjsDir}/cmaps/`,
    wasmUrl: `${pdfjsDir}/wasm/`,
  }).promise;
  return { lib, doc, warnings };
}

/** Runs `work` with pdf.js's warnings (console.warn "Warning: …" lines) collected into `into`. */
async function collectingWarnings<T>(into: string[], work: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const line = args.map(String).join(" ");
    if (line.startsWith("Warning: ")) into.push(line.slice(9));
    else warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

/**
 * What is wrong with a PDF's structure, as `qpdf --check` would find it: the header, the
 * cross-reference table (every in-use entry at its object), every Flate stream inflating
 * without error, every page parsed and drawn by pdf.js (fonts and images decoded) without a
 * warning or an error. An empty list means sound.
 */
export async function pdfProblems(pdf: Uint8Array): Promise<string[]> {
  const problems: string[] = [];
  const text = Buffer.from(pdf).toString("latin1");
  if (!/^%PDF-\d\.\d/.test(text)) problems.push("no %PDF- header");
  problems.push(...crossReferenceProblems(text));
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (err) {
    return [...problems, `pdf-lib cannot parse it: ${(err as Error).message}`];
  }
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const filters = filterNames(obj.dict);
    if (filters[0] !== "FlateDecode") continue;
    try {
      inflateSync(obj.contents);
    } catch (err) {
      problems.push(`object ${ref.objectNumber}: its Flate stream does not inflate (${(err as Error).message})`);
    }
  }
  const warnings: string[] = [];
  await collectingWarnings(warnings, async () => {
    try {
      const { doc: read } = await openWithPdfJs(pdf);
      for (let n = 1; n <= read.numPages; n++) {
        const page = await read.getPage(n);
        await page.getOperatorList();
        await page.getTextContent();
      }
      await read.destroy();
    } catch (err) {
      problems.push(`pdf.js: ${(err as Error).message}`);
    }
  });
  return [...problems, ...warnings.map((w) => `pdf.js: ${w}`)];
}

/** Asserts `pdfProblems` finds nothing, listing what it found otherwise. */
export async function expectSoundPdf(pdf: Uint8Array): Promise<void> {
  expect(await pdfProblems(pdf)).toEqual([]);
}

/**
 * The classic cross-reference table's problems: `startxref` pointing at `xref`, and every
 * in-use entry's offset at "N G obj". A cross-reference stream (PDF 1.5) is left to pdf-lib
 * and pdf.js, which read it; the scanner's PDFs use the classic table.
 */
function crossReferenceProblems(text: string): string[] {
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) return ["no startxref … %%EOF at the end"];
  const at = Number(start[1]);
  if (!text.startsWith("xref", at)) return /^\d+\s+\d+\s+obj/.test(text.slice(at, at + 40)) ? [] : [`startxref ${at} points at neither a table nor an object`];
  const problems: string[] = [];
  const table = /^xref\s+((?:\d+\s+\d+\s+(?:\d{10} \d{5} [nf]\s*)+)+)trailer/.exec(text.slice(at));
  if (!table) return ["the cross-reference table does not parse"];
  for (const section of table[1].matchAll(/(\d+)\s+(\d+)\s+((?:\d{10} \d{5} [nf]\s*)+)/g)) {
    const first = Number(section[1]), entries = [...section[3].matchAll(/(\d{10}) (\d{5}) ([nf])/g)];
    if (entries.length !== Number(section[2])) problems.push(`a subsection says ${section[2]} entries, has ${entries.length}`);
    for (const [i, e] of entries.entries()) {
      if (e[3] !== "n") continue;
      const offset = Number(e[1]), number = first + i;
      if (!new RegExp(`^${number}\\s+${Number(e[2])}\\s+obj\\b`).test(text.slice(offset, offset + 30))) problems.push(`object ${number}: its xref offset ${offset} is not where it starts`);
    }
  }
  return problems;
}

function filterNames(dict: PDFDict): string[] {
  const filter = dict.get(PDFName.of("Filter"));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((f) => (f instanceof PDFName ? f.decodeText() : String(f)));
  return [];
}

/** One row of `pdfimages -list`: how an image drawn on the page is stored. */
export interface PdfImageRow {
  page: number;
  /** "image", "mask" (a stencil mask or an image's explicit /Mask) or "smask". */
  type: "image" | "mask" | "smask";
  width: number;
  height: number;
  /** "gray", "rgb", "cmyk", "index", "icc", or "-" for a mask. */
  color: string;
  comp: number;
  bpc: number;
  /** "image" (raw or Flate), "jpeg", "jpx", "jbig2" or "ccitt", as pdfimages names them. */
  enc: string;
}

const ENCODING: Record<string, string> = { DCTDecode: "jpeg", JPXDecode: "jpx", JBIG2Decode: "jbig2", CCITTFaxDecode: "ccitt" };
const COLOUR: Record<string, [string, number]> = { DeviceGray: ["gray", 1], DeviceRGB: ["rgb", 3], DeviceCMYK: ["cmyk", 4], Indexed: ["index", 1], ICCBased: ["icc", 0] };

/**
 * The images each page draws, in drawing order, each followed by its soft or explicit mask,
 * as `pdfimages -list` lists them (read from the objects with pdf-lib, form XObjects followed).
 */
export async function pdfImageList(pdf: Uint8Array): Promise<PdfImageRow[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const rows: PdfImageRow[] = [];
  const row = (page: number, type: PdfImageRow["type"], image: PDFStream): PdfImageRow => {
    const d = image.dict, mask = type !== "image";
    const space = d.lookup(PDFName.of("ColorSpace"));
    const spaceName = space instanceof PDFName ? space.decodeText() : space instanceof PDFArray ? (space.get(0) as PDFName).decodeText() : "";
    const [color, comp] = mask ? ["-", 1] : (COLOUR[spaceName] ?? [spaceName, 0]);
    const size = (key: string) => (d.lookup(PDFName.of(key)) as PDFNumber | undefined)?.asNumber() ?? 0;
    const filters = filterNames(d);
    return { page, type, width: size("Width"), height: size("Height"), color, comp: comp || iccComponents(space), bpc: mask && type !== "smask" ? 1 : size("BitsPerComponent"), enc: ENCODING[filters.at(-1) ?? ""] ?? "image" };
  };
  const walk = (page: number, content: string, resources: PDFDict | undefined) => {
    const xobjects = resources?.lookup(PDFName.of("XObject"));
    if (!(xobjects instanceof PDFDict)) return;
    for (const [, name] of content.matchAll(/\/([^\s/[\]()<>{}%]+)\s+Do\b/g)) {
      const x = xobjects.lookup(PDFName.of(name));
      if (!(x instanceof PDFStream)) continue;
      const subtype = (x.dict.lookup(PDFName.of("Subtype")) as PDFName).decodeText();
      if (subtype === "Form") {
        walk(page, streamText(x), (x.dict.lookup(PDFName.of("Resources")) as PDFDict | undefined) ?? resources);
        continue;
      }
      const stencil = x.dict.get(PDFName.of("ImageMask"))?.toString() === "true";
      rows.push(row(page, stencil ? "mask" : "image", x));
      const smask = x.dict.lookup(PDFName.of("SMask")), explicit = x.dict.lookup(PDFName.of("Mask"));
      if (smask instanceof PDFStream) rows.push(row(page, "smask", smask));
      if (explicit instanceof PDFStream) rows.push(row(page, "mask", explicit));
    }
  };
  for (const [i, page] of doc.getPages().entries()) walk(i + 1, contentOf(page.node.Contents()), page.node.Resources());
  return rows;
}

function iccComponents(space: unknown): number {
  if (!(space instanceof PDFArray)) return 0;
  const profile = space.lookup(1);
  return profile instanceof PDFStream ? ((profile.dict.lookup(PDFName.of("N")) as PDFNumber | undefined)?.asNumber() ?? 0) : 0;
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString("latin1");
}

function contentOf(contents: PDFStream | PDFArray | undefined): string {
  if (!contents) return "";
  if (contents instanceof PDFStream) return streamText(contents);
  return contents.asArray().map((_, i) => streamText(contents.lookup(i, PDFStream))).join("\n");
}

/** The decoded content stream(s) of a page (1-based), operators as text: what `qpdf --qdf` shows. */
export async function pageContent(pdf: Uint8Array, page = 1): Promise<string> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return contentOf(doc.getPage(page - 1).node.Contents());
}

/**
 * An image as pdf.js decodes it for drawing: `kind` 1 is one bit per pixel, rows padded to
 * whole bytes, 1 = white (a Bitmap1's layout); 2 is RGB and 3 RGBA, 8 bits a sample.
 */
export interface DecodedImage {
  width: number;
  height: number;
  kind: 1 | 2 | 3;
  data: Uint8Array;
}

/** The images a page (1-based) draws, in drawing order, each decoded by pdf.js. */
export async function decodedImages(pdf: Uint8Array, pageNumber = 1): Promise<DecodedImage[]> {
  const { lib, doc } = await openWithPdfJs(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const ops = await page.getOperatorList();
    const images: DecodedImage[] = [];
    for (const [i, fn] of ops.fnArray.entries()) {
      if (fn !== lib.OPS.paintImageXObject) continue;
      const id = ops.argsArray[i][0] as string;
      const image = await new Promise<DecodedImage>((resolve) => (id.startsWith("g_") ? page.commonObjs : page.objs).get(id, resolve));
      images.push({ width: image.width, height: image.height, kind: image.kind, data: image.data });
    }
    return images;
  } finally {
    await doc.destroy();
  }
}

/** A word of a page's text, as `pdftotext -bbox` gives it: its box in points from the top-left corner. */
export interface PdfWord {
  text: string;
  box: [x0: number, y0: number, x1: number, y1: number];
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/**
 * The words a page (1-based) carries, split at spaces and between text runs, each with the
 * box its glyphs cover: from pdf.js's parse of the page (its operator list: the fonts, their
 * glyphs' advance widths, the text and graphics matrices, horizontal scaling, character and
 * word spacing), laid out as a reader lays them out, as `pdftotext -bbox` does. pdf.js's own
 * text extraction joins neighbouring runs into one item, so it cannot place a single word.
 * Vertically a box spans the font's ascent and descent.
 */
export async function pdfWords(pdf: Uint8Array, pageNumber = 1): Promise<PdfWord[]> {
  const { lib, doc } = await openWithPdfJs(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const [, , , top] = page.view;
    const { fnArray, argsArray } = await page.getOperatorList();
    const OPS = lib.OPS;
    const words: PdfWord[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0], tm: Matrix = [1, 0, 0, 1, 0, 0], line: Matrix = tm;
    const saved: Matrix[] = [];
    let font: { fontMatrix?: number[]; ascent?: number; descent?: number } = {}, size = 0, hScale = 1, charSpacing = 0, wordSpacing = 0, leading = 0;
    const fontOf = (id: string) => new Promise<typeof font>((resolve) => page.commonObjs.get(id, resolve));
    for (const [i, fn] of fnArray.entries()) {
      const args = argsArray[i] as unknown[];
      if (fn === OPS.save) saved.push(ctm);
      else if (fn === OPS.restore) ctm = saved.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = times(args as Matrix, ctm);
      else if (fn === OPS.beginText) tm = line = [1, 0, 0, 1, 0, 0];
      else if (fn === OPS.setTextMatrix) tm = line = Array.from(args[0] as ArrayLike<number>) as Matrix;
      else if (fn === OPS.moveText || fn === OPS.setLeadingMoveText) {
        if (fn === OPS.setLeadingMoveText) leading = -(args[1] as number);
        tm = line = times([1, 0, 0, 1, args[0] as number, args[1] as number], line);
      } else if (fn === OPS.nextLine) tm = line = times([1, 0, 0, 1, 0, -leading], line);
      else if (fn === OPS.setLeading) leading = args[0] as number;
      else if (fn === OPS.setHScale) hScale = (args[0] as number) / 100;
      else if (fn === OPS.setCharSpacing) charSpacing = args[0] as number;
      else if (fn === OPS.setWordSpacing) wordSpacing = args[0] as number;
      else if (fn === OPS.setFont) {
        font = await fontOf(args[0] as string);
        size = args[1] as number;
      } else if (fn === OPS.showText) {
        const scale = size * (font.fontMatrix?.[0] ?? 0.001);
        const ascent = font.ascent || 0.8, descent = font.descent || -0.2;
        let x = 0, word: { text: string; from: number } | null = null;
        const flush = () => {
          if (!word) return;
          const m = times(tm, ctm);
          const corners = [apply(m, word.from * hScale, descent * size), apply(m, x * hScale, descent * size), apply(m, word.from * hScale, ascent * size), apply(m, x * hScale, ascent * size)];
          const xs = corners.map((c) => c[0]), ys = corners.map((c) => top - c[1]);
          words.push({ text: word.text, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] });
          word = null;
        };
        for (const glyph of args[0] as ({ unicode: string; width: number; isSpace: boolean } | number | null)[]) {
          if (glyph === null) continue;
          if (typeof glyph === "number") {
            flush();
            x -= (glyph * size) / 1000;
            continue;
          }
          const advance = glyph.width * scale + charSpacing + (glyph.isSpace ? wordSpacing : 0);
          if (glyph.isSpace || glyph.unicode.trim() === "") flush();
          else if (word) word.text += glyph.unicode;
          else word = { text: glyph.unicode, from: x };
          x += advance;
        }
        flush();
        tm = times([1, 0, 0, 1, x * hScale, 0], tm);
      }
    }
    return words;
  } finally {
    await doc.destroy();
  }
}

/**
 * A document's text in reading order, as `pdftotext -layout` would lay it out: each page's
 * words grouped into lines by their boxes' overlap, lines top to bottom, words left to right
 * joined by a space, pages separated by a form feed.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { doc } = await openWithPdfJs(pdf);
  const pages = doc.numPages;
  await doc.destroy();
  const texts: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const lines: PdfWord[][] = [];
    for (const word of (await pdfWords(pdf, n)).sort((a, b) => a.box[1] - b.box[1])) {
      const mid = (word.box[1] + word.box[3]) / 2;
      const line = lines.find((l) => mid > l[0].box[1] && mid < l[0].box[3]);
      if (line) line.push(word);
      else lines.push([word]);
    }
    texts.push(lines.map((l) => l.sort((a, b) => a.box[0] - b.box[0]).map((w) => w.text).join(" ")).join("\n"));
  }
  return texts.join("\n\f");
}

/** A rendered page: RGBA, 8 bits a sample, rows top to bottom. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

/** pdf.js's canvas maker in Node (on @napi-rs/canvas); its type is not exported. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  destroy(made: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void;
}

/**
 * Every page rendered by pdf.js at `dpi` onto a white page, as a reader shows it: the size is
 * the page box at that resolution, rounded up (as pdftoppm rounds it).
 */
export async function renderPdf(pdf: Uint8Array, dpi = 40): Promise<Raster[]> {
  const { doc } = await openWithPdfJs(pdf);
  try {
    const rasters: Raster[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const width = Math.ceil(viewport.width - 1e-6), height = Math.ceil(viewport.height - 1e-6);
      const factory = doc.canvasFactory as CanvasFactory;
      const { canvas, context } = factory.create(width, height);
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const pixels = context.getImageData(0, 0, width, height).data;
      rasters.push({ width, height, data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length) });
      factory.destroy({ canvas, context });
    }
    return rasters;
  } finally {
    await doc.destroy();
  }
}
