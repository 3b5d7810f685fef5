import type { Frame } from "../pixels";
import { packInk, removeSpeckles, type Bitmap1 } from "../image/binarize";

/**
 * Mixed raster content: a filtered page split into three layers that each compress well,
 * as DjVu and PDF compressors do. On a dense text page most of a JPEG's bytes go to the
 * anti-aliased edges of the letters, at any quality; split apart, the letters' shapes are
 * one bit a pixel at full resolution (the mask), their colour is a smooth low-resolution
 * image (the foreground), and what is left (paper, photos, highlighter) is a background at
 * half resolution that is white almost everywhere.
 */
export interface MrcLayers {
  /** Ink at the page's resolution, 0 = ink (painted with the foreground), 1 = background. */
  mask: Bitmap1;
  /** The ink's colour at a quarter of the page's resolution, spread beyond the ink so it compresses. */
  foreground: Frame;
  /** The page without its ink at half its resolution: the ink's place filled from around it. */
  background: Frame;
}

export const MRC = {
  /**
   * Ink is luma at or below this on the filtered page (paper 255, black ink 0). Half-way
   * keeps the strokes' width; the filter's tone curve has already darkened their edges.
   */
  inkBelow: 150,
  /** Background pixels this far (px) from the ink are left out of the background too: the strokes' light fringes. */
  fringe: 2,
  /** Reductions as powers of two (1: half the page's resolution, 2: a quarter). */
  backgroundShift: 1,
  foregroundShift: 2,
  /**
   * Beside a picture, a dark pixel is ink only with paper this close (px) on both sides, so
   * strokes up to this wide stay whole (a 24-pt bold heading's are about 10 px at 200 dpi).
   */
  strokeReach: 12,
  /**
   * A dark pixel joined to a picture through non-paper pixels is ink only at or below this
   * luma: the core of a stroke touching the photo, not a speck of the photo's edge near
   * `inkBelow` that happens to have the photo's whitened inside within `strokeReach`.
   */
  joinedInkBelow: 100,
  /** Side of the blocks judged to be a picture (photo, fill) rather than ink on paper: 1 << 5 = 32 px. */
  blockShift: 5,
} as const;

/** Luma between these is neither ink nor paper: most of a photo, the edges of a stroke. */
const MID_LO = 32, MID_HI = 208, PAPER_LO = 240;

/**
 * Splits a filtered page (`auto` or `grayscale`, RGBA) into its MRC layers. Pictures stay
 * whole in the background: a block mostly of middle tones with little paper is a photo or
 * a fill, and cutting its dark parts into the mask would posterise it.
 */
export function splitMrc(page: Frame, opts: { inkBelow?: number } = {}): MrcLayers {
  const { width: w, height: h, data: d } = page, n = w * h;
  const luma = new Uint8Array(n), picture = pictureBlocks(d, luma, w, h);
  const inkBelow = opts.inkBelow ?? MRC.inkBelow, ink = new Uint8Array(n), bs = MRC.blockShift, bcols = (w >> bs) + 1;
  for (let y = 0; y < h; y++) {
    const brow = (y >> bs) * bcols;
    for (let x = 0, k = y * w; x < w; x++, k++) if (luma[k] <= inkBelow && !picture[brow + (x >> bs)]) ink[k] = 1;
  }
  dropPictureEdges(ink, luma, picture, w, h);
  removeSpeckles(ink, w, h);
  const covered = dilate(ink, w, h, MRC.fringe);
  return {
    mask: packInk(ink, w, h),
    foreground: reduce(page, ink, MRC.foregroundShift, luma),
    background: reduce(page, covered, MRC.backgroundShift, null, true),
  };
}

// 1 per block that is a picture: mostly middle tones, little paper, with picture neighbours.
// Also fills `luma` from the page's pixels, in the same pass.
function pictureBlocks(d: Frame["data"], luma: Uint8Array, w: number, h: number): Uint8Array {
  const bs = MRC.blockShift, cols = (w >> bs) + 1, rows = (h >> bs) + 1;
  const mid = new Uint32Array(cols * rows), paper = new Uint32Array(cols * rows), all = new Uint32Array(cols * rows);
  for (let y = 0; y < h; y++) {
    const row = (y >> bs) * cols;
    for (let x = 0, k = y * w; x < w; x++, k++) {
      const i = k * 4, b = row + (x >> bs), v = (luma[k] = (77 * d[i] + 150 * d[i + 1] + 29 * d[i + 2]) >> 8);
      all[b]++;
      if (v >= PAPER_LO) paper[b]++;
      else if (v >= MID_LO && v <= MID_HI) mid[b]++;
    }
  }
  const pic = new Uint8Array(cols * rows);
  for (let b = 0; b < pic.length; b++) pic[b] = mid[b] * 20 > all[b] * 7 && paper[b] * 20 < all[b] * 3 ? 1 : 0;
  // A picture spans several blocks; a lone block is a bold word or a dense line of text.
  const kept = new Uint8Array(pic.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0, b = r * cols; c < cols; c++, b++) {
      if (pic[b] && ((c > 0 && pic[b - 1]) || (c < cols - 1 && pic[b + 1])) && ((r > 0 && pic[b - cols]) || (r < rows - 1 && pic[b + cols]))) kept[b] = 1;
    }
  }
  // The blocks around a picture are picture too when under half of them is paper: a photo's
  // edge is not cut into the mask, while text beside the photo (mostly paper) stays ink.
  const grown = dilate(kept, cols, rows, 1);
  for (let b = 0; b < grown.length; b++) if (grown[b] && !kept[b] && paper[b] * 2 >= all[b]) grown[b] = 0;
  return grown;
}

// Blocks beside a picture may hold a strip of its edge, and so may blocks further off when the
// filter has whitened most of the photo (glare): few of its blocks are then picture, but its
// edges still join them through non-paper pixels. There a dark pixel stays ink only if it
// lies between paper, as a stroke does (and, joined to the picture, is as dark as a stroke's
// core), so the photo's edge stays whole in the background.
function dropPictureEdges(ink: Uint8Array, luma: Uint8Array, picture: Uint8Array, w: number, h: number): void {
  const bs = MRC.blockShift, cols = (w >> bs) + 1, near = dilate(picture, cols, (h >> bs) + 1, 1);
  const keepIfStroke = (k: number) => { if (ink[k] && !betweenPaper(luma, w, h, k % w, (k / w) | 0)) ink[k] = 0; };
  const seeds: number[] = [];
  for (let b = 0; b < near.length; b++) {
    if (!near[b] || picture[b]) continue;
    const x0 = (b % cols) << bs, y0 = Math.floor(b / cols) << bs, x1 = Math.min(w, x0 + (1 << bs)), y1 = Math.min(h, y0 + (1 << bs));
    for (let y = y0; y < y1; y++) {
      for (let x = x0, k = y * w + x0; x < x1; x++, k++) {
        keepIfStroke(k);
        if (luma[k] < PAPER_LO && onBlockBorder(x, y) && touchesPicture(luma, picture, w, h, x, y)) seeds.push(k);
      }
    }
  }
  if (!seeds.length) return;
  for (const k of joinedToPicture(luma, picture, w, h, seeds)) if (luma[k] > MRC.joinedInkBelow) ink[k] = 0; else keepIfStroke(k);
}

// Only a block's outermost pixels have neighbours in other blocks.
function onBlockBorder(x: number, y: number): boolean {
  const last = (1 << MRC.blockShift) - 1, bx = x & last, by = y & last;
  return bx === 0 || by === 0 || bx === last || by === last;
}

// A non-paper pixel of a picture block among the 8 around (x, y).
function touchesPicture(luma: Uint8Array, picture: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  const bs = MRC.blockShift, cols = (w >> bs) + 1;
  for (let v = Math.max(0, y - 1); v <= Math.min(h - 1, y + 1); v++) {
    for (let u = Math.max(0, x - 1); u <= Math.min(w - 1, x + 1); u++) if (picture[(v >> bs) * cols + (u >> bs)] && luma[v * w + u] < PAPER_LO) return true;
  }
  return false;
}

// The non-paper pixels outside picture blocks reached from `seeds` through non-paper pixels
// (8-connected): a photo's edges and whatever of it the filter left dark. Paper stops the
// fill, so text standing apart from the photo is not reached, and text it does reach (touching
// the photo) keeps its strokes by the between-paper rule.
function joinedToPicture(luma: Uint8Array, picture: Uint8Array, w: number, h: number, seeds: number[]): number[] {
  const bs = MRC.blockShift, cols = (w >> bs) + 1, seen = new Uint8Array(w * h), found = seeds.slice();
  for (const k of found) seen[k] = 1;
  for (let i = 0; i < found.length; i++) {
    const k = found[i], x = k % w, y = (k - x) / w;
    for (let v = Math.max(0, y - 1); v <= Math.min(h - 1, y + 1); v++) {
      for (let u = Math.max(0, x - 1); u <= Math.min(w - 1, x + 1); u++) {
        const j = v * w + u;
        if (!seen[j] && luma[j] < PAPER_LO && !picture[(v >> bs) * cols + (u >> bs)]) { seen[j] = 1; found.push(j); }
      }
    }
  }
  return found;
}

// A stroke lies between paper: within MRC.strokeReach px on both sides along its row or its
// column, or along both diagonals where strokes join. A photo's edge, corners included, has
// paper on one side only.
function betweenPaper(luma: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  return across(luma, w, h, x, y, 1, 0) || across(luma, w, h, x, y, 0, 1) || (across(luma, w, h, x, y, 1, 1) && across(luma, w, h, x, y, 1, -1));
}

function across(luma: Uint8Array, w: number, h: number, x: number, y: number, dx: number, dy: number): boolean {
  return paperToward(luma, w, h, x, y, dx, dy) && paperToward(luma, w, h, x, y, -dx, -dy);
}

function paperToward(luma: Uint8Array, w: number, h: number, x: number, y: number, dx: number, dy: number): boolean {
  for (let s = 1; s <= MRC.strokeReach; s++) {
    const u = x + s * dx, v = y + s * dy;
    if (u < 0 || v < 0 || u >= w || v >= h) return false;
    if (luma[v * w + u] >= PAPER_LO) return true;
  }
  return false;
}

// A square (2r+1) dilation, separable: rows, then columns.
function dilate(m: Uint8Array, w: number, h: number, r: number): Uint8Array {
  if (r <= 0) return m.slice();
  const tmp = new Uint8Array(m.length), out = new Uint8Array(m.length);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      if (!m[o + x]) continue;
      const a = Math.max(0, x - r), b = Math.min(w - 1, x + r);
      for (let k = a; k <= b; k++) tmp[o + k] = 1;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0, o = y * w; x < w; x++) {
      if (!tmp[o + x]) continue;
      const a = Math.max(0, y - r), b = Math.min(h - 1, y + r);
      for (let k = a; k <= b; k++) out[k * w + x] = 1;
    }
  }
  return out;
}

/**
 * The page reduced by 2^`shift`, each cell the mean of some of its pixels: for the foreground the
 * ink (`take` = the mask, weighted by darkness so a stroke's core sets its colour, not its
 * grey edge), for the background the rest (`take` = the grown mask, `invert`). Cells with
 * none of those pixels are filled from their surroundings (`fillHoles`).
 */
function reduce(page: Frame, take: Uint8Array, shift: number, luma: Uint8Array | null, invert = false): Frame {
  const { width: w, height: h, data: d } = page, s = 1 << shift, rw = Math.ceil(w / s), rh = Math.ceil(h / s);
  const sum = new Float32Array(rw * rh * 3), wgt = new Float32Array(rw * rh), want = invert ? 0 : 1;
  // A background cell of four equal pixels none of which is covered (blank paper: most of a
  // page) is taken whole, compared as 32-bit words.
  const quick = !luma && shift === 1 && d.byteOffset % 4 === 0 ? new Uint32Array(d.buffer, d.byteOffset, w * h) : null;
  // Cell by cell with the sums in locals: one typed-array write per cell, not per pixel.
  for (let cy = 0, c = 0; cy < rh; cy++) {
    const y0 = cy << shift, y1 = Math.min(h, y0 + s);
    for (let cx = 0; cx < rw; cx++, c++) {
      const x0 = cx << shift, x1 = Math.min(w, x0 + s);
      if (quick && y1 - y0 === 2 && x1 - x0 === 2) {
        const k = y0 * w + x0, v = quick[k];
        if (!(take[k] | take[k + 1] | take[k + w] | take[k + w + 1]) && quick[k + 1] === v && quick[k + w] === v && quick[k + w + 1] === v) {
          sum[c * 3] = d[k * 4]; sum[c * 3 + 1] = d[k * 4 + 1]; sum[c * 3 + 2] = d[k * 4 + 2]; wgt[c] = 4;
          continue;
        }
      }
      let r = 0, g = 0, b = 0, wt = 0;
      for (let y = y0; y < y1; y++) {
        for (let k = y * w + x0, end = y * w + x1; k < end; k++) {
          if (take[k] !== want) continue;
          const i = k * 4;
          if (luma) {
            const dark = 256 - luma[k], wk = dark * dark;
            r += d[i] * wk; g += d[i + 1] * wk; b += d[i + 2] * wk; wt += wk;
          } else {
            r += d[i]; g += d[i + 1]; b += d[i + 2]; wt++;
          }
        }
      }
      if (!wt) continue;
      sum[c * 3] = r / wt; sum[c * 3 + 1] = g / wt; sum[c * 3 + 2] = b / wt; wgt[c] = wt;
    }
  }
  fillHoles(sum, wgt, rw, rh);
  const out = new Uint8ClampedArray(rw * rh * 4);
  for (let c = 0, i = 0; c < wgt.length; c++, i += 4) {
    out[i] = sum[c * 3]; out[i + 1] = sum[c * 3 + 1]; out[i + 2] = sum[c * 3 + 2]; out[i + 3] = 255;
  }
  return { data: out, width: rw, height: rh };
}

/**
 * Push-pull: every cell without a weight takes the mean colour of the nearest coarser cell
 * that has any, so holes get the colour around them and the layer stays smooth (cheap to
 * compress, no seams where the renderer interpolates). A layer with nothing at all is white.
 */
export function fillHoles(rgb: Float32Array, wgt: Float32Array, w: number, h: number): void {
  if (w * h <= 1) {
    if (!wgt[0]) rgb.fill(255, 0, 3);
    return;
  }
  const cw = Math.ceil(w / 2), ch = Math.ceil(h / 2), crgb = new Float32Array(cw * ch * 3), cwgt = new Float32Array(cw * ch);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x, wk = wgt[k];
      if (!wk) continue;
      const c = (y >> 1) * cw + (x >> 1);
      crgb[c * 3] += rgb[k * 3] * wk; crgb[c * 3 + 1] += rgb[k * 3 + 1] * wk; crgb[c * 3 + 2] += rgb[k * 3 + 2] * wk;
      cwgt[c] += wk;
    }
  }
  for (let c = 0; c < cwgt.length; c++) {
    if (!cwgt[c]) continue;
    crgb[c * 3] /= cwgt[c]; crgb[c * 3 + 1] /= cwgt[c]; crgb[c * 3 + 2] /= cwgt[c];
  }
  fillHoles(crgb, cwgt, cw, ch);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (wgt[k]) continue;
      const c = (y >> 1) * cw + (x >> 1);
      rgb[k * 3] = crgb[c * 3]; rgb[k * 3 + 1] = crgb[c * 3 + 1]; rgb[k * 3 + 2] = crgb[c * 3 + 2];
    }
  }
}
