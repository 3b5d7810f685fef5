import type { Planes } from "./downscale";
import type { Point } from "./types";

const SAMPLES = 16;
const OFFSET = 3; // working px each side of the border

/** Mean colour (lum, rg, yb) in thin strips just inside and just outside one side. */
export interface SideColours {
  inside: number[];
  outside: number[] | null; // null when the strip outside lies beyond the frame
}

/**
 * Samples the colour just inside and just outside every side of a quad (in
 * working pixels). A page border separates two different colours; a wood-grain
 * or text line has nearly the same colour on both sides.
 */
export function sideColours(p: Planes, corners: Point[]): SideColours[] {
  const cx = (corners[0][0] + corners[1][0] + corners[2][0] + corners[3][0]) / 4;
  const cy = (corners[0][1] + corners[1][1] + corners[2][1] + corners[3][1]) / 4;
  const out: SideColours[] = [];
  for (let k = 0; k < 4; k++) {
    const a = corners[k], b = corners[(k + 1) % 4];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    let nx = -(b[1] - a[1]) / len, ny = (b[0] - a[0]) / len;
    if (nx * (cx - a[0]) + ny * (cy - a[1]) < 0) { nx = -nx; ny = -ny; }
    const inside = [0, 0, 0, 0], outside = [0, 0, 0, 0];
    for (let s = 0; s < SAMPLES; s++) {
      const u = 0.1 + (0.8 * s) / (SAMPLES - 1);
      const x = a[0] + u * (b[0] - a[0]), y = a[1] + u * (b[1] - a[1]);
      accumulate(p, x + OFFSET * nx, y + OFFSET * ny, inside);
      accumulate(p, x - OFFSET * nx, y - OFFSET * ny, outside);
    }
    out.push({ inside: meanOf(inside), outside: outside[3] >= SAMPLES / 2 ? meanOf(outside) : null });
  }
  return out;
}

function accumulate(p: Planes, x: number, y: number, acc: number[]): void {
  const xi = Math.round(x), yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= p.width || yi >= p.height) return;
  const i = yi * p.width + xi;
  acc[0] += p.lum[i]; acc[1] += p.rg[i]; acc[2] += p.yb[i]; acc[3]++;
}

function meanOf(acc: number[]): number[] {
  const n = acc[3] || 1;
  return [acc[0] / n, acc[1] / n, acc[2] / n];
}

/** Euclidean distance between two colours. */
export function colourDistance(a: number[], b: number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Brightness of a region: the upper quartile of its luminance. */
export interface RegionStats {
  lumHigh: number;
}

const GRID = 9;
const lattice = new Float32Array(GRID * GRID);

/**
 * Samples a GRID×GRID lattice inside the quad (bilinear in its corners,
 * 10–90 % across), or the whole frame when `corners` is null. Paper is the
 * brightest large thing on most desks, even under a shadow or with print on
 * it: its upper quartile of luminance is high. A phone or a dark folder's is not.
 */
export function regionStats(p: Planes, corners: Point[] | null): RegionStats {
  let n = 0;
  for (let j = 0; j < GRID; j++) {
    for (let i = 0; i < GRID; i++) {
      const u = 0.1 + (0.8 * i) / (GRID - 1), v = 0.1 + (0.8 * j) / (GRID - 1);
      let x: number, y: number;
      if (corners) {
        const [a, b, c, d] = corners;
        x = (1 - v) * ((1 - u) * a[0] + u * b[0]) + v * ((1 - u) * d[0] + u * c[0]);
        y = (1 - v) * ((1 - u) * a[1] + u * b[1]) + v * ((1 - u) * d[1] + u * c[1]);
      } else {
        x = u * (p.width - 1); y = v * (p.height - 1);
      }
      const xi = Math.round(x), yi = Math.round(y);
      if (xi < 0 || yi < 0 || xi >= p.width || yi >= p.height) continue;
      lattice[n++] = p.lum[yi * p.width + xi];
    }
  }
  if (!n) return { lumHigh: 0 };
  const seen = lattice.subarray(0, n).sort();
  return { lumHigh: seen[Math.min(n - 1, Math.floor(0.75 * n))] };
}
