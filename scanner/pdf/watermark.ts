import { degrees, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { parseColour } from "../colour";

export interface WatermarkOptions {
  text: string;
  color: string;
  opacity: number;
  size: "sm" | "md" | "lg";
}

/** Text height as a share of the page's shorter side. */
const SIZE_SHARE = { sm: 0.05, md: 0.08, lg: 0.12 } as const;

/**
 * Draws the watermark once per page, centred along the page's rising diagonal,
 * in the configured colour and opacity. Characters the standard PDF font cannot
 * encode are dropped rather than failing the whole document.
 */
export function drawWatermark(page: PDFPage, font: PDFFont, wm: WatermarkOptions): void {
  const text = encodable(font, wm.text);
  if (!text) return;
  const { width: w, height: h } = page.getSize();
  const angle = Math.atan2(h, w);
  let size = Math.min(w, h) * SIZE_SHARE[wm.size];
  const diagonal = Math.hypot(w, h) * 0.85;
  size = Math.min(size, (size * diagonal) / font.widthOfTextAtSize(text, size));
  const tw = font.widthOfTextAtSize(text, size);
  const th = font.heightAtSize(size, { descender: false });
  // Start so that the text's centre lands on the page centre after rotation.
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const x = w / 2 - (tw / 2) * cos + (th / 2) * sin;
  const y = h / 2 - (tw / 2) * sin - (th / 2) * cos;
  const [r, g, b] = parseColour(wm.color) ?? [51, 65, 85];
  page.drawText(text, {
    x, y, size, font,
    color: rgb(r / 255, g / 255, b / 255),
    opacity: wm.opacity,
    rotate: degrees((angle * 180) / Math.PI),
  });
}

function encodable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      // not in the font's encoding (WinAnsi): leave it out
    }
  }
  return out.trim();
}
