import path from "node:path";
import jpeg from "jpeg-js";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { assemblePdf } from "@/scanner/pdf/assemble-pdf";
import { winAnsi } from "@/scanner/pdf/text-layer";
import { linesOf, pageText, type ReadLine } from "@/scanner/ocr/page-words";
import { OCR_TEXT_MAX } from "@/scanner/contract";
import { expectSoundPdf, pageContent, pdfText, pdfWords, renderPdf } from "../../support/pdf-check";

const W = 1654, H = 2339; // A4 at 200 dpi: 595.28 x 841.89 pt
const now = new Date("2026-01-02T03:04:05Z");

function whiteJpeg(width: number, height: number): Uint8Array {
  return jpeg.encode({ data: Buffer.alloc(width * height * 4, 255), width, height }, 50).data;
}

/** Two lines as the engine reports them, in the image's pixels; the second slopes a little. */
const LINES: ReadLine[] = [
  { baseline: [200, 300, 1200, 300], height: 40, words: [
    { text: "Rechnung", box: [200, 268, 420, 300], confidence: 96 },
    { text: "Köln", box: [460, 268, 560, 300], confidence: 90 },
    { text: "ﬁnal", box: [600, 268, 700, 300], confidence: 80 },
  ] },
  { baseline: [200, 1000, 1400, 1012], height: 30, words: [
    { text: "12,50", box: [200, 976, 330, 1002], confidence: 88 },
    { text: "€", box: [350, 976, 380, 1002], confidence: 70 },
    { text: "日本", box: [400, 976, 470, 1002], confidence: 60 },
    { text: "Grüße", box: [900, 980, 1100, 1010], confidence: 92 },
  ] },
];

async function pdfWith(lines: ReadLine[] | undefined, lang?: string): Promise<{ bytes: Uint8Array }> {
  return { bytes: await assemblePdf([{ bytes: whiteJpeg(W, H), format: "jpeg", width: W, height: H, lines }], { now, lang }) };
}

const PT = 595.28 / W; // points per pixel

describe("text layer", () => {
  it("puts each word over its box: a reader finds it there, spanning the box's width", async () => {
    const { bytes } = await pdfWith(LINES, "de");
    const words = await pdfWords(bytes);
    expect(words.map((w) => w.text)).toEqual(["Rechnung", "Köln", "final", "12,50", "€", "Grüße"]);
    const expected = LINES.flatMap((l) => l.words).filter((w) => w.text !== "日本");
    for (const [i, w] of words.entries()) {
      const [x0, y0, x1, y1] = expected[i].box;
      // Within 1.5 pt (4 px at 200 dpi): a reader measures with its own stand-in for Helvetica.
      expect(Math.abs(w.box[0] - x0 * PT), w.text).toBeLessThan(1.5);
      expect(Math.abs(w.box[2] - x1 * PT), w.text).toBeLessThan(1.5);
      // Vertically the word's glyph box overlaps the printed word's.
      expect(w.box[1], w.text).toBeLessThan(y1 * PT);
      expect(w.box[3], w.text).toBeGreaterThan(y0 * PT);
    }
  });

  it("reads as text in reading order, invisible, with the language in the catalog; structurally sound", async () => {
    const { bytes } = await pdfWith(LINES, "de");
    const text = await pdfText(bytes);
    expect(text).toMatch(/Rechnung\s+Köln\s+final/);
    expect(text).toMatch(/12,50\s+€\s+Grüße/);
    await expectSoundPdf(bytes);
    const doc = await PDFDocument.load(bytes);
    expect(doc.catalog.lookup(PDFName.of("Lang"), PDFString).decodeText()).toBe("de");
    // One text-rendering-mode operator on the page, and it is 3: invisible.
    expect((await pageContent(bytes)).match(/\S+ Tr\b/g)).toEqual(["3 Tr"]);
    // Rendered, the page stays white: the text is invisible.
    const [look] = await renderPdf(bytes, 20);
    expect(look.data).toHaveLength(look.width * look.height * 4);
    expect(look.data.reduce((m, v) => Math.min(m, v), 255)).toBeGreaterThan(240);
  });

  it("pdf.js extracts the same words at the same places", async () => {
    const { bytes } = await pdfWith(LINES, "de");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/` }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter((i): i is Extract<typeof i, { str: string }> => "str" in i && i.str.trim() !== "");
    expect(items.map((i) => i.str)).toEqual(["Rechnung", "Köln", "final", "12,50", "€", "Grüße"]);
    const first = items[0];
    expect(first.transform[4]).toBeCloseTo(200 * PT, 0);
    expect(first.transform[5]).toBeCloseTo(841.89 - 300 * PT, 0);
    expect(first.width).toBeCloseTo(220 * PT, 0);
  });

  it("without lines or a language the document is byte for byte what it was", async () => {
    const plain = await pdfWith(undefined);
    const empty = await pdfWith([]);
    expect(Buffer.from(empty.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
    expect(new TextDecoder("latin1").decode(plain.bytes)).not.toContain("/Lang");
    expect(new TextDecoder("latin1").decode(plain.bytes)).not.toContain("Helvetica");
  });
});

describe("winAnsi", () => {
  it("keeps the seven locales' letters, unfolds ligatures and drops what WinAnsi lacks", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(winAnsi(font, "Grüße façade año città coração Œuvre ĳs „quoted“ €")).toBe("Grüße façade año città coração Œuvre ijs „quoted“ €");
    expect(winAnsi(font, "ﬁ ﬂ")).toBe("fi fl");
    expect(winAnsi(font, "日本")).toBe("");
    // Decomposed input (e + combining acute) comes out composed.
    expect(winAnsi(font, "cafe\u0301")).toBe("café");
  });
});

describe("page words", () => {
  const engine = {
    blocks: [{ paragraphs: [{ lines: [
      { words: [
        { text: "Hello", confidence: 90, bbox: { x0: 10, y0: 10, x1: 60, y1: 30 } },
        { text: " \u0007", confidence: 60, bbox: { x0: 70, y0: 10, x1: 80, y1: 30 } },
        { text: "TT", confidence: 12, bbox: { x0: 80, y0: 10, x1: 88, y1: 30 } },
        { text: "||", confidence: 68, bbox: { x0: 84, y0: 10, x1: 88, y1: 30 } },
        { text: "world", confidence: 80, bbox: { x0: 90, y0: 10, x1: 150, y1: 30 } },
      ], baseline: { x0: 10, y0: 30, x1: 150, y1: 30 }, rowAttributes: { rowHeight: 26 }, bbox: { x0: 10, y0: 10, x1: 150, y1: 30 } },
      { words: [{ text: "", confidence: 0, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } }], baseline: { x0: 0, y0: 0, x1: 0, y1: 0 }, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 } },
      { words: [{ text: "again", confidence: 70, bbox: { x0: 10, y0: 40, x1: 60, y1: 60 } }], baseline: { x0: 10, y0: 60, x1: 60, y1: 60 }, bbox: { x0: 10, y0: 40, x1: 60, y1: 62 } },
    ] }] }],
  };

  it("keeps non-empty words the engine is reasonably sure of, line by line; the text joins them; confidence is the words' mean", () => {
    const read = linesOf(engine);
    expect(read.lines.map((l) => l.words.map((w) => w.text))).toEqual([["Hello", "world"], ["again"]]);
    expect(read.lines[0].height).toBe(26);
    expect(read.lines[1].height).toBe(22); // no row attributes: the line's box
    expect(pageText(read)).toEqual({ status: "done", text: "Hello world\nagain", confidence: 0.8, truncated: false });
    expect(pageText(linesOf({ blocks: null }))).toEqual({ status: "done", text: "", confidence: 0, truncated: false });
  });

  it("cuts the report's text at the limit, counting characters, and says so", () => {
    const word = { text: "é".repeat(100), box: [0, 0, 10, 10] as [number, number, number, number], confidence: 50 };
    const long = pageText({ lines: Array.from({ length: 200 }, () => ({ words: [word], baseline: [0, 10, 10, 10] as [number, number, number, number], height: 10 })) });
    expect([...long.text]).toHaveLength(OCR_TEXT_MAX);
    expect(long.truncated).toBe(true);
  });
});
