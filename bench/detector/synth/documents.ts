// The documents the generator photographs: pages of several kinds with printed content
// (text lines, rules, tables, photos, coloured headers), ID cards with coloured bands, receipts.
import { Raster, type Rgb } from "./raster";
import { Rng, valueNoise } from "./random";

export const PAGE_KINDS = ["a4", "letter", "multi_column", "landscape", "id_card", "receipt"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface Doc { kind: PageKind; raster: Raster }

const grey = (v: number): Rgb => [v, v, v];

function paperColour(rng: Rng): Rgb {
  const v = rng.range(228, 252);
  return rng.pick<Rgb>([[v, v, v], [v, v - 3, v - 12], [v - 4, v - 2, v], [v, v, v - 5]]);
}

function inkColour(rng: Rng): Rgb {
  return rng.pick<Rgb>([grey(rng.range(15, 60)), grey(rng.range(15, 60)), [20, 30, 110], [90, 90, 95]]);
}

function vivid(rng: Rng): Rgb {
  const hue = rng.next() * 6, s = rng.range(0.45, 0.9), v = rng.range(90, 230);
  const f = hue % 1, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  return ([[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]] as Rgb[])[Math.floor(hue)];
}

/** Lines of "words" (runs of glyph blocks) filling a box, line height `lh` mm. */
function text(r: Raster, x: number, y: number, w: number, h: number, lh: number, ink: Rgb, rng: Rng): void {
  for (let ly = y; ly + lh <= y + h; ly += lh * rng.range(1.3, 1.8)) {
    const end = x + w * (rng.chance(0.2) ? rng.range(0.3, 0.9) : 1);
    for (let wx = x; wx < end;) {
      const ww = Math.min(end - wx, rng.range(2, 9) * lh);
      for (let gx = wx; gx < wx + ww; gx += lh * 0.6) r.rect(gx, ly + rng.range(0, 0.25) * lh, lh * 0.45, lh * rng.range(0.6, 1), ink, 0.85);
      wx += ww + lh * 0.7;
    }
  }
}

function table(r: Raster, x: number, y: number, w: number, h: number, ink: Rgb, rng: Rng): void {
  const rows = rng.int(3, 10), cols = rng.int(2, 6), t = rng.range(0.2, 0.7);
  if (rng.chance(0.5)) r.rect(x, y, w, h / rows, vivid(rng), 0.35);
  for (let i = 0; i <= rows; i++) r.rect(x, y + (i * h) / rows, w, t, ink);
  for (let j = 0; j <= cols; j++) if (j === 0 || j === cols || rng.chance(0.7)) r.rect(x + (j * w) / cols, y, t, h, ink);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) {
    text(r, x + (j * w) / cols + 1.5, y + (i * h) / rows + 1.5, w / cols - 3, h / rows - 3, Math.min(2.5, h / rows / 2.5), ink, rng);
  }
}

/** A photo: a smooth random colour field, sometimes with a dark frame line. */
function photo(r: Raster, x: number, y: number, w: number, h: number, rng: Rng): void {
  const seed = rng.int(0, 1e6), a = vivid(rng), b = vivid(rng), scale = rng.range(1.5, 5);
  r.paint(x, y, w, h, (fx, fy) => {
    const n = valueNoise(fx * scale, fy * scale, seed);
    return [a[0] + n * (b[0] - a[0]), a[1] + n * (b[1] - a[1]), a[2] + n * (b[2] - a[2])];
  });
}

/** Print on a page of w × h mm: header band, rules, text columns, tables and photos. */
function printPage(r: Raster, w: number, h: number, columns: number, rng: Rng): void {
  const ink = inkColour(rng), m = rng.range(8, 25);
  let y = m;
  if (rng.chance(0.45)) {
    // a coloured header, often bled to the page's edge: a strong line near the real edge
    const bleed = rng.chance(0.5), hh = rng.range(12, 40);
    r.rect(bleed ? 0 : m, bleed ? 0 : m, bleed ? w : w - 2 * m, hh, vivid(rng));
    y = (bleed ? 0 : m) + hh + 6;
  } else if (rng.chance(0.6)) {
    text(r, m, y, (w - 2 * m) * 0.6, 8, rng.range(4, 7), ink, rng);
    y += 12;
  }
  if (rng.chance(0.5)) { r.rect(m, y, w - 2 * m, rng.range(0.3, 1.5), rng.chance(0.5) ? ink : vivid(rng)); y += 4; }
  const bottom = h - m - (rng.chance(0.5) ? 12 : 0);
  const colW = (w - 2 * m - (columns - 1) * 6) / columns, lh = rng.range(1.6, 3.2);
  for (let c = 0; c < columns; c++) {
    const x = m + c * (colW + 6);
    for (let by = y; by < bottom - 10;) {
      const bh = Math.min(bottom - by, rng.range(20, 90)), kind = rng.next();
      if (kind < 0.15) photo(r, x, by, colW * rng.range(0.5, 1), bh * 0.9, rng);
      else if (kind < 0.3) table(r, x, by, colW, bh * 0.9, ink, rng);
      else text(r, x, by, colW, bh, lh, ink, rng);
      by += bh + rng.range(3, 10);
    }
  }
  if (bottom < h - m) r.rect(m, h - m - 8, w - 2 * m, rng.range(0.3, 1.2), ink); // a footer rule
  if (rng.chance(0.25)) r.rect(0, h - rng.range(4, 15), w, rng.range(2, 15), vivid(rng)); // a band at the foot
}

function idCard(rng: Rng): Raster {
  const base = rng.chance(0.5) ? paperColour(rng) : vivid(rng).map((c) => 150 + 0.4 * c) as Rgb;
  const r = new Raster(85.6, 54, 8, base), ink = inkColour(rng);
  const band = rng.range(8, 18);
  r.rect(0, rng.chance(0.7) ? 0 : 54 - band, 85.6, band, vivid(rng)); // the coloured band along one edge
  if (rng.chance(0.4)) r.rect(0, 54 - 5, 85.6, 5, vivid(rng));
  photo(r, 5, band + 3, 22, Math.min(28, 54 - band - 6), rng);
  text(r, 31, band + 4, 50, 54 - band - 8, 2.2, ink, rng);
  return r;
}

function receipt(rng: Rng): Raster {
  const len = rng.range(140, 320), r = new Raster(rng.range(57, 80), len, 4, grey(rng.range(228, 245)));
  const ink = grey(rng.range(40, 110));
  text(r, 5, 8, r.widthMm - 10, 14, 4, ink, rng);
  r.rect(4, 26, r.widthMm - 8, 0.4, ink);
  text(r, 5, 30, r.widthMm - 10, len - 50, 2.2, ink, rng);
  r.rect(4, len - 18, r.widthMm - 8, 0.4, ink);
  return r;
}

export function makeDocument(kind: PageKind, rng: Rng): Doc {
  if (kind === "id_card") return { kind, raster: idCard(rng) };
  if (kind === "receipt") return { kind, raster: receipt(rng) };
  const [w, h] = kind === "letter" ? [215.9, 279.4] : kind === "landscape" ? [297, 210] : kind === "multi_column" && rng.chance(0.4) ? [215.9, 279.4] : [210, 297];
  const r = new Raster(w, h, 3.2, paperColour(rng));
  printPage(r, w, h, kind === "multi_column" ? rng.int(2, 3) : kind === "landscape" && rng.chance(0.5) ? 2 : 1, rng);
  return { kind, raster: r };
}
