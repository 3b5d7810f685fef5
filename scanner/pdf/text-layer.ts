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
 * a selection highlights the printed word. Words are set upright on one baseline per line (the
 * line's, at its middle), even when the print slopes a little: text extractors group glyphs
 * into lines by their baselines, and a word rotated or stepped with the slope ends up split
 * from its neighbours on a line of its own. `imageWidth`/`imageHeight` are the pixels the
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
    const [, by0, , by1] = line.baseline;
    const y = round(box.height - ((by0 + by1) / 2) * sy);
    const size = Math.max(1, line.height * sy);
    ops.push(setFontAndSize(key, round(size)));
    for (const word of line.words) {
      const text = winAnsi(font, word.text);
      if (!text) continue;
      const [x0, , x1] = word.box;
      const natural = font.widthOfTextAtSize(text, size);
      if (natural <= 0) continue;
      const squeeze = (100 * (x1 - x0) * sx) / natural;
      ops.push(setCharacterSqueeze(round(squeeze)), setTextMatrix(1, 0, 0, 1, round(x0 * sx), y), showText(font.encodeText(text)));
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
