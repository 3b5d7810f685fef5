/**
 * Synthetic camera pages for the filter tests: a reflectance map (paper, text strokes,
 * coloured marks, a photo block) times an illumination field (gradient, colour cast, a
 * shaded band at the bottom edge), with a little deterministic sensor noise.
 */
import type { Frame } from "@/scanner/detector";

export type Rgb = [number, number, number];
export interface Rect { x: number; y: number; w: number; h: number }

export interface PageSpec {
  width: number;
  height: number;
  /** Text lines of dark strokes (default true). */
  text?: boolean;
  red?: Rect;
  blueLine?: Rect;
  photo?: Rect;
  /** Rows at the top of the photo that are a pale sky (`SKY`), untextured: in every channel lighter than 80 % of the paper. */
  sky?: number;
  /** Light at the left edge and at the right edge (a horizontal gradient), 0..1. */
  light?: [number, number];
  cast?: Rgb;
  /** Rows at the bottom falling smoothly to `depth` of the light. */
  shadedBand?: { rows: number; depth: number };
  /** A hard-edged shadow (a phone held under a lamp): columns x0..x1 dimmed to `depth`, edges 3 px soft. */
  hardShadow?: { x0: number; x1: number; depth: number };
  noise?: number;
}

export const PAPER: Rgb = [0.9, 0.9, 0.9];
export const INK: Rgb = [0.08, 0.08, 0.1];
export const RED: Rgb = [0.8, 0.12, 0.14];
export const BLUE: Rgb = [0.12, 0.22, 0.7];
export const SKY: Rgb = [0.78, 0.85, 0.9];

/** Reflectance 0..1 at a pixel. */
export function reflectance(s: PageSpec, x: number, y: number): Rgb {
  const inside = (r?: Rect) => r && x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
  if (inside(s.photo)) {
    if (y < s.photo!.y + (s.sky ?? 0)) return SKY;
    const v = 0.35 + 0.25 * Math.sin(x / 6) * Math.cos(y / 9);
    return [v * 1.1, v, v * 0.8];
  }
  if (inside(s.red)) return RED;
  if (inside(s.blueLine)) return BLUE;
  if ((s.text ?? true) && isStroke(x, y)) return INK;
  return PAPER;
}

// Lines 28 px apart of 18-px "letters": a vertical stem and a bar, 3 px strokes, word gaps.
export function isStroke(x: number, y: number): boolean {
  const line = Math.floor((y - 20) / 28), ly = (y - 20) % 28;
  if (y < 20 || line % 6 === 5 || ly >= 18 || x < 24) return false;
  const letter = Math.floor((x - 24) / 12), lx = (x - 24) % 12;
  if (letter % 7 === 6) return false;
  return lx < 3 || (lx < 10 && (ly + letter) % 9 < 3);
}

/** The lit page as a camera would see it. */
export function renderPage(s: PageSpec): Frame {
  const { width: w, height: h } = s, data = new Uint8ClampedArray(w * h * 4);
  const [l0, l1] = s.light ?? [1, 1], cast = s.cast ?? [1, 1, 1], noise = s.noise ?? 2;
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
  for (let y = 0; y < h; y++) {
    let band = 1;
    if (s.shadedBand) {
      const t = (y - (h - s.shadedBand.rows)) / s.shadedBand.rows;
      if (t > 0) band = 1 - (1 - s.shadedBand.depth) * t * t * (3 - 2 * t);
    }
    for (let x = 0; x < w; x++) {
      let shade = 1;
      if (s.hardShadow) {
        const { x0, x1, depth } = s.hardShadow, inside = Math.min(x - x0, x1 - x) / 3;
        shade = 1 - (1 - depth) * Math.max(0, Math.min(1, inside + 0.5));
      }
      const light = (l0 + ((l1 - l0) * x) / (w - 1)) * band * shade, refl = reflectance(s, x, y), o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = 255 * refl[c] * light * cast[c] + noise * 2 * rand();
      data[o + 3] = 255;
    }
  }
  return { data, width: w, height: h };
}

/** The page under even white light, no noise: what the filter should get back to. */
export function idealPage(s: PageSpec): Frame {
  return renderPage({ ...s, light: [1, 1], cast: [1, 1, 1], shadedBand: undefined, hardShadow: undefined, noise: 0 });
}

/** Mean RGB over a rectangle (optionally only pixels passing `keep`). */
export function meanRgb(f: Frame, r: Rect, keep?: (x: number, y: number) => boolean): Rgb {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) {
    if (keep && !keep(x, y)) continue;
    const o = (y * f.width + x) * 4;
    for (let c = 0; c < 3; c++) sum[c] += f.data[o + c];
    n++;
  }
  return sum.map((v) => v / n) as Rgb;
}

/** CIELAB (D65) of an sRGB colour 0..255. */
export function lab([r, g, b]: Rgb): [number, number, number] {
  const lin = (v: number) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, Y = 0.2126 * R + 0.7152 * G + 0.0722 * B, Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

/** Chroma and hue angle (degrees) in CIELAB. */
export function chromaHue(c: Rgb): { chroma: number; hue: number } {
  const [, a, b] = lab(c);
  return { chroma: Math.hypot(a, b), hue: (Math.atan2(b, a) * 180) / Math.PI };
}

export function copyFrame(f: Frame): Frame {
  return { data: new Uint8ClampedArray(f.data), width: f.width, height: f.height };
}
