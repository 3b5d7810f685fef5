// Prints a page's HTML to pixels with headless Chromium at exactly A4 at 200 dpi, and reads back
// from the same layout the printed lines (the OCR truth) and the boxes of the coloured marks.
import { chromium, type Browser } from "playwright-core";
import { PNG } from "pngjs";
import { PAGE_H, PAGE_W } from "./layout";

export type MarkKind = "stamp" | "ink" | "highlight" | "photo";
/** A coloured mark's box as fractions of the page: x0, y0, x1, y1. */
export interface Mark { kind: MarkKind; box: [number, number, number, number] }
export interface FlatPage { width: number; height: number; data: Uint8Array; lines: string[]; marks: Mark[] }

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function launchPrinter(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

// Runs in the page: drops optional paragraphs until the page fits, then groups the word spans
// into printed lines by their vertical centres and collects the marks' boxes.
const READ_LAYOUT = `(async () => {
  await document.fonts.ready;
  const page = document.querySelector(".page");
  const opt = [...document.querySelectorAll(".opt")];
  while (page.scrollHeight > page.clientHeight && opt.length) opt.pop().remove();
  if (page.scrollHeight > page.clientHeight) throw new Error("page overflows");
  const words = [...document.querySelectorAll(".w")].map((e) => { const r = e.getBoundingClientRect(); return { t: e.textContent, x: r.left, y: (r.top + r.bottom) / 2, h: r.height }; });
  words.sort((a, b) => a.y - b.y);
  const lines = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(w.y - last.y) < 0.45 * w.h) last.words.push(w); else lines.push({ y: w.y, words: [w] });
  }
  const W = ${PAGE_W}, H = ${PAGE_H};
  const marks = [...document.querySelectorAll("[data-mark]")].map((e) => { const r = e.getBoundingClientRect(); return { kind: e.dataset.mark, box: [r.left / W, r.top / H, r.right / W, r.bottom / H] }; });
  return { lines: lines.map((l) => l.words.sort((a, b) => a.x - b.x).map((w) => w.t).join(" ")), marks };
})()`;

export async function renderFlat(browser: Browser, html: string): Promise<FlatPage> {
  const context = await browser.newContext({ viewport: { width: PAGE_W, height: PAGE_H }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: "load" });
    const layout = (await page.evaluate(READ_LAYOUT)) as { lines: string[]; marks: Mark[] };
    const shot = await page.screenshot({ clip: { x: 0, y: 0, width: PAGE_W, height: PAGE_H }, type: "png" });
    const png = PNG.sync.read(shot);
    if (png.width !== PAGE_W || png.height !== PAGE_H) throw new Error(`screenshot is ${png.width}×${png.height}`);
    return { width: png.width, height: png.height, data: new Uint8Array(png.data), ...layout };
  } finally {
    await context.close();
  }
}
