// Measures one delivered PDF the way a reader of it would meet it: poppler renders the page,
// tesseract reads it, and the pure figures in metrics.ts are taken on the rendering.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import type { Mark, MarkKind } from "./flat";
import { characterErrorRate, edgeBackground, hueDistance, markColour, mean, paperCast, paperEvenness, toGrey, type Box, type Edge, type Rgba } from "./metrics";

/** Tesseract's page segmentation: one uniform block, read line by line (docs/pages-benchmark.md says why). */
export const TESSERACT_PSM = "6";
export const OCR_DPI = 300, LOOK_DPI = 150;
/** Marks painted white before OCR: their text is not in the truth, and stray glyphs read in them are not the page's legibility. */
const NOT_READ: MarkKind[] = ["stamp", "ink", "photo"];

export interface ColourKept { kind: MarkKind; kept: number; hueShift: number }
export interface PageFigures {
  cer: number; ocr: string; evenness: number; paperCast: number; edge: { any: boolean; dark: Record<Edge, number> };
  pdfKbPerPage: number; imageKb: number | null; pages: number; colour: ColourKept[]; look: Rgba;
}

const readPng = (file: string): Rgba => {
  const png = PNG.sync.read(readFileSync(file));
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
};
const writePng = (file: string, img: Rgba) =>
  writeFileSync(file, PNG.sync.write(Object.assign(new PNG({ width: img.width, height: img.height }), { data: Buffer.from(img.data) })));

/** An A4 PDF holding `img` as its page (for the flat and true-corner baselines, so they meet the same renderer). */
export async function imagePdf(img: Rgba): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(PNG.sync.write(Object.assign(new PNG({ width: img.width, height: img.height }), { data: Buffer.from(img.data) })));
  doc.addPage([595.28, 841.89]).drawImage(png, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return doc.save();
}

function render(pdfFile: string, dpi: number, grey: boolean, out: string): Rgba {
  execFileSync("pdftoppm", ["-r", String(dpi), ...(grey ? ["-gray"] : []), "-png", "-singlefile", "-f", "1", "-l", "1", pdfFile, out]);
  return readPng(`${out}.png`);
}

// 0.4 % of the page: enough for a crop a few pixels off, short of the text line above a signature.
function whiten(img: Rgba, boxes: Box[], pad = 0.004): void {
  for (const [a, b, c, d] of boxes) {
    for (let y = Math.max(0, Math.floor((b - pad) * img.height)); y < Math.min(img.height, Math.ceil((d + pad) * img.height)); y++)
      for (let x = Math.max(0, Math.floor((a - pad) * img.width)); x < Math.min(img.width, Math.ceil((c + pad) * img.width)); x++) img.data.fill(255, 4 * (y * img.width + x), 4 * (y * img.width + x) + 3);
  }
}

/** The page's own image size in the PDF (`pdfimages -list`), in KB; null when the page holds no image. */
function imageKb(pdfFile: string): number | null {
  const rows = execFileSync("pdfimages", ["-list", pdfFile], { encoding: "utf8" }).split("\n").slice(2).filter((l) => /^\s*1\s/.test(l));
  if (!rows.length) return null;
  const units: Record<string, number> = { B: 1 / 1024, K: 1, M: 1024 };
  return rows.reduce((sum, row) => {
    const size = row.trim().split(/\s+/)[14] ?? "0B";
    return sum + parseFloat(size) * (units[size.slice(-1)] ?? 1);
  }, 0);
}

/** Reference colour of each mark on the flat page: chroma, hue and how many pixels carry it. */
export function flatColours(flat: Rgba, marks: Mark[]) {
  return marks.filter((m) => m.kind !== "photo").map((m) => ({ mark: m, ...markColour(flat, m.box), area: flat.width * flat.height }));
}

export async function measurePdf(pdf: Uint8Array, truth: string, marks: Mark[], reference: ReturnType<typeof flatColours>, dir: string, name: string): Promise<PageFigures> {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
  const grey = render(file, OCR_DPI, true, path.join(dir, `${name}.ocr`));
  whiten(grey, marks.filter((m) => NOT_READ.includes(m.kind)).map((m) => m.box));
  writePng(path.join(dir, `${name}.ocr.png`), grey);
  const ocr = execFileSync("tesseract", [path.join(dir, `${name}.ocr.png`), "-", "--psm", TESSERACT_PSM, "-l", "eng"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const look = render(file, LOOK_DPI, false, path.join(dir, `${name}.look`));
  const luma = toGrey(look);
  const kinds = [...new Set(reference.map((r) => r.mark.kind))];
  const colour = kinds.map((kind) => {
    const refs = reference.filter((r) => r.mark.kind === kind && r.count > 0);
    const per = refs.map((r) => {
      const got = markColour(look, padded(r.mark.box), Math.round((r.count * look.width * look.height) / r.area));
      return { kept: got.chroma / r.chroma, hueShift: hueDistance(got.hue, r.hue) };
    });
    return { kind, kept: mean(per.map((p) => p.kept)), hueShift: mean(per.map((p) => p.hueShift)) };
  });
  return {
    cer: characterErrorRate(truth, ocr), ocr,
    evenness: paperEvenness(luma, marks.filter((m) => m.kind === "photo").map((m) => m.box)).evenness,
    paperCast: paperCast(look), edge: edgeBackground(luma), pdfKbPerPage: pdf.length / 1024 / pages, imageKb: imageKb(file), pages, colour, look,
  };
}

/**
 * The delivered PDF's own text (its text layer, as `pdftotext -layout` extracts it: line by
 * line, like the truth) against the printed truth. Stamps, signatures and photos are not
 * masked here: whatever the layer holds is what a reader searching the PDF meets.
 */
export function textLayerCer(pdfFile: string, truth: string, out: string): number {
  execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdfFile, out]);
  return characterErrorRate(truth, readFileSync(out, "utf8"));
}

const padded = (b: Box): Box => [b[0] - 0.01, b[1] - 0.01, b[2] + 0.01, b[3] + 0.01];
