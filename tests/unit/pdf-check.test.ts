import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfImageList, pdfProblems, pdfText, pdfWords, renderPdf } from "../support/pdf-check";

/** A4 with "Hello world" near the top-left and a black square, saved with a classic xref table. */
async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Hello world", { x: 72, y: 841.89 - 100, size: 20, font });
  page.drawText("second line", { x: 72, y: 841.89 - 140, size: 20, font });
  page.drawRectangle({ x: 300, y: 300, width: 100, height: 100, color: rgb(0, 0, 0) });
  return doc.save({ useObjectStreams: false });
}

const latin1 = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

describe("the PDF checks tests use instead of poppler and qpdf", () => {
  it("finds nothing wrong with a sound document", async () => {
    expect(await pdfProblems(await samplePdf())).toEqual([]);
  });

  it("reports an object that is not where the cross-reference table says", async () => {
    const text = latin1(await samplePdf());
    // Object 1's entry (the table's second line of entries) one byte off, the file otherwise unchanged.
    const table = text.lastIndexOf("xref\n0 "), entry = text.indexOf("\n", text.indexOf("\n", text.indexOf("\n", table) + 1) + 1) + 1;
    const offset = Number(text.slice(entry, entry + 10));
    const broken = text.slice(0, entry) + String(offset + 1).padStart(10, "0") + text.slice(entry + 10);
    expect(broken).toHaveLength(text.length);
    const problems = await pdfProblems(Buffer.from(broken, "latin1"));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^object 1: its xref offset/), "pdf.js: Indexing all PDF objects"]));
  });

  it("reports a Flate stream that does not inflate", async () => {
    const text = latin1(await samplePdf());
    const start = text.indexOf("stream\n", text.indexOf("/FlateDecode")) + 7;
    const broken = Buffer.from(text, "latin1");
    broken.fill(0x41, start + 2, start + 12); // past the zlib header: the deflate data
    const problems = await pdfProblems(broken);
    expect(problems.some((p) => /Flate stream does not inflate/.test(p))).toBe(true);
  });

  it("reports a file cut short", async () => {
    const pdf = await samplePdf();
    expect((await pdfProblems(pdf.subarray(0, pdf.length - 200))).length).toBeGreaterThan(0);
  });

  it("reads the words with their boxes, the text in reading order, and renders the page", async () => {
    const pdf = await samplePdf();
    const words = await pdfWords(pdf);
    expect(words.map((w) => w.text)).toEqual(["Hello", "world", "second", "line"]);
    expect(words[0].box[0]).toBeCloseTo(72, 0);
    // Helvetica's advance widths at 20 pt: "Hello" 45.56 pt, the space 5.56 pt.
    expect(words[0].box[2]).toBeCloseTo(72 + 45.56, 0);
    expect(words[1].box[0]).toBeCloseTo(72 + 45.56 + 5.56, 0);
    expect(words[0].box[1]).toBeLessThan(100); // top-left origin: the run's top above its baseline at 100
    expect(words[0].box[3]).toBeGreaterThan(95);
    expect(await pdfText(pdf)).toBe("Hello world\nsecond line");
    const [r] = await renderPdf(pdf, 36);
    expect([r.width, r.height]).toEqual([298, 421]);
    const at = (xPt: number, yPt: number) => r.data[(Math.floor(((841.89 - yPt) * 36) / 72) * r.width + Math.floor((xPt * 36) / 72)) * 4];
    expect(at(350, 350)).toBeLessThan(30); // the square
    expect(at(500, 600)).toBeGreaterThan(240); // paper
    expect(await pdfImageList(pdf)).toEqual([]);
  });
});
