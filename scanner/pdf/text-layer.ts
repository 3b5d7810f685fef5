import {
  beginText, endText, PDFName, PDFString, setCharacterSqueeze, setFontAndSize, setTextMatrix, setTextRenderingMode, showText,
  TextRenderingMode, type PDFDocument, type PDFFont, type PDFPage,
} from "pdf-lib";
import type { ReadLine } from "../ocr/page-words";
import type { PageBox } from "./page-size";

/**
 * Lays a page's recognised words over its image as invisible text (rendering mode 3), word by
 * word: each word starts where the engine saw it, sits on its line's baseline, is as tall as
 * the line's print and is squeezed or stretched (Tz) to the width of its box, so a search hit or
 * a selection highlights the printed word. `imageWidth`/`imageHeight` are the pixels the
 * boxes are in; `box` the page's size in points.
 *
 * The font is a standard one (Helvetica, WinAnsi): every letter of the seven languages the
 * scanner reads is in WinAnsi, and a standard font adds no bytes. A character outside it is
 * replaced by its compatibility form (the ligature "ﬁ" by "fi") or dropped (docs/ocr.md).
 */
export function drawTextLayer(page: PDFPage, font: PDFFont, lines: ReadLine[], imageWidth: number, imageHeight: number, box: PageBox): void {
  const sx = box.width / imageWidth, sy = box.height / imageHeight;
  const key = page.node.newFontDictionary(font.name, font.ref);
  const ops = [beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  for (const line of lines) {
    const [bx0, by0, bx1, by1] = line.baseline;
    const run = bx1 - bx0, rise = by1 - by0;
    const angle = run > 0 ? Math.atan2(-rise * sy, run * sx) : 0;
    const cos = Math.cos(angle), sin = Math.sin(angle);
    const size = Math.max(1, line.height * sy);
    ops.push(setFontAndSize(key, round(size)));
    for (const word of line.words) {
      const text = winAnsi(font, word.text);
      if (!text) continue;
      const [x0, , x1] = word.box;
      const natural = font.widthOfTextAtSize(text, size);
      if (natural <= 0) continue;
      // The baseline at the word's left edge (it may slope).
      const baseY = run > 0 ? by0 + (rise * (x0 - bx0)) / run : by1;
      const squeeze = (100 * (x1 - x0) * sx) / (natural * cos);
      ops.push(setCharacterSqueeze(round(squeeze)), setTextMatrix(round(cos), round(sin), round(-sin), round(cos), round(x0 * sx), round(box.height - baseY * sy)), showText(font.encodeText(text)));
    }
  }
  ops.push(endText());
  page.pushOperators(...ops);
}

/** Sets the document's natural language (`/Lang` in the catalog), which screen readers and search use. */
export function setDocumentLanguage(doc: PDFDocument, tag: string): void {
  doc.catalog.set(PDFName.of("Lang"), PDFString.of(tag));
}

/** `text` in the characters `font` can encode: each other character by its compatibility form, else left out. */
export function winAnsi(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (encodes(font, ch)) out += ch;
    else for (const part of ch.normalize("NFKD").replace(/\p{M}/gu, "")) if (encodes(font, part)) out += part;
  }
  return out;
}

function encodes(font: PDFFont, ch: string): boolean {
  try {
    font.encodeText(ch);
    return true;
  } catch {
    return false;
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
