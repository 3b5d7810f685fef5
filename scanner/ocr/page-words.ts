import { OCR_TEXT_CONTROLS, OCR_TEXT_MAX, type PageText } from "../contract";

/** A box in the page image's pixels: left, top, right, bottom. */
export type PixelBox = [number, number, number, number];

export interface ReadWord {
  text: string;
  box: PixelBox;
  /** 0..100, as the engine gives it. */
  confidence: number;
}

/** One line of print: its words left to right, and where its baseline and text height are. */
export interface ReadLine {
  words: ReadWord[];
  /** Baseline as two points in pixels; words sit on it (it may slope a little). */
  baseline: [number, number, number, number];
  /** Height of the line's text from descender to ascender, in pixels. */
  height: number;
}

/** What recognition found on one page: its lines in reading order. */
export interface PageRead {
  lines: ReadLine[];
}

/** The part of the engine's answer this module reads (tesseract.js's `blocks` output). */
export interface EngineBlocks {
  blocks: Array<{ paragraphs: Array<{ lines: Array<{
    words: Array<{ text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }>;
    baseline: { x0: number; y0: number; x1: number; y1: number };
    rowAttributes?: { rowHeight?: number };
    bbox: { x0: number; y0: number; x1: number; y1: number };
  }> }> }> | null;
}


/**
 * Words the engine is less sure of than this (0..100) are left out. On the benchmark's pages
 * they are almost all glyphs "read" in photos, signatures and stamps ("TT", "fo", a lone quote),
 * while misread real words score 25 and up; a reader searching the PDF loses nothing by them.
 */
export const MIN_WORD_CONFIDENCE = 20;

/** A "word" of vertical bars only: the engine's reading of a page edge, a table rule or a fold, never print. */
const RULE = /^[|¦]+$/;

/** The engine's blocks as lines of non-empty words it is reasonably sure of, in the engine's reading order. */
export function linesOf(page: EngineBlocks): PageRead {
  const lines: ReadLine[] = [];
  for (const block of page.blocks ?? []) for (const para of block.paragraphs) for (const line of para.lines) {
    const words = line.words
      .map((w) => ({ text: w.text.replace(OCR_TEXT_CONTROLS, "").trim(), box: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1] as PixelBox, confidence: w.confidence }))
      .filter((w) => w.text !== "" && !RULE.test(w.text) && w.confidence >= MIN_WORD_CONFIDENCE && w.box[2] > w.box[0] && w.box[3] > w.box[1]);
    if (!words.length) continue;
    const b = line.baseline;
    const height = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
    lines.push({ words, baseline: [b.x0, b.y0, b.x1, b.y1], height });
  }
  return { lines };
}

/**
 * The page's text for its report: lines joined by newlines, words by spaces, cut at
 * `OCR_TEXT_MAX` characters; confidence is the mean of the words' (0..1).
 */
export function pageText(read: PageRead): PageText {
  const words = read.lines.flatMap((l) => l.words);
  const full = [...read.lines.map((l) => l.words.map((w) => w.text).join(" ")).join("\n")];
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length / 100 : 0;
  return {
    status: "done",
    text: full.slice(0, OCR_TEXT_MAX).join(""),
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000,
    truncated: full.length > OCR_TEXT_MAX,
  };
}
