import type { Frame, Point } from "./types";
import type { Line } from "./geometry";
import { sampleRGB } from "./sample";

const SAMPLES = 48;
const STEP = 0.5;
/** The derivative centroid spans samples down to this share of the peak … */
const CENTROID_FLOOR = 0.15;
/** … and at most this many samples each side of it. */
const CENTROID_REACH = 4;

/**
 * Re-fits one page side on the full-resolution frame: along the side, find the
 * strongest step across it (in the colour direction that separates page from
 * background) and fit a line robustly to those points. Returns null when the
 * evidence is too thin to trust over the coarse line.
 */
export function refineSide(f: Frame, a: Point, b: Point, radius: number): Line | null {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 8) return null;
  const tx = (b[0] - a[0]) / len, ty = (b[1] - a[1]) / len, nx = -ty, ny = tx;
  const [w, signed] = stepColour(f, a, tx, ty, nx, ny, len, radius);
  const pts: number[] = [];
  const n = Math.round(radius / STEP);
  const prof = new Float32Array(2 * n + 1), rgb = new Float32Array(3);
  for (let s = 0; s < SAMPLES; s++) {
    const u = len * (0.1 + (0.8 * s) / (SAMPLES - 1));
    const px = a[0] + u * tx, py = a[1] + u * ty;
    for (let k = -n; k <= n; k++) {
      let v = 0;
      for (let m = -1; m <= 1; m++) {
        sampleRGB(f, px + k * STEP * nx + m * 1.5 * tx, py + k * STEP * ny + m * 1.5 * ty, rgb);
        v += rgb[0] * w[0] + rgb[1] * w[1] + rgb[2] * w[2];
      }
      prof[k + n] = v;
    }
    const off = strongestStep(prof, n, signed);
    if (off !== null) pts.push(px + off * nx, py + off * ny, off);
  }
  if (pts.length < SAMPLES * 0.3 * 3) return null;
  return robustFit(pts, radius);
}

// Unit colour vector from the -n side's mean to the +n side's, and whether it
// is trustworthy enough to require that polarity (else luminance, either sign).
function stepColour(f: Frame, a: Point, tx: number, ty: number, nx: number, ny: number, len: number, r: number): [number[], boolean] {
  const pos = [0, 0, 0], neg = [0, 0, 0], rgb = new Float32Array(3);
  for (let s = 0; s < 16; s++) {
    const u = len * (0.1 + (0.8 * s) / 15);
    const px = a[0] + u * tx, py = a[1] + u * ty;
    sampleRGB(f, px + r * nx, py + r * ny, rgb);
    for (let c = 0; c < 3; c++) pos[c] += rgb[c];
    sampleRGB(f, px - r * nx, py - r * ny, rgb);
    for (let c = 0; c < 3; c++) neg[c] -= rgb[c];
  }
  const d = [pos[0] + neg[0], pos[1] + neg[1], pos[2] + neg[2]].map((v) => v / 16);
  const m = Math.hypot(d[0], d[1], d[2]);
  if (m < 4) return [[0.299, 0.587, 0.114], false];
  return [d.map((v) => v / m), true];
}

// Offset (px) of the largest derivative, null if flat. Sub-sample position is
// the centroid of the derivative around the peak: for an area-sampled step,
// blurred or not, that is where the edge is, where a parabola through three
// samples is pulled up to a quarter pixel toward the nearest sample.
function strongestStep(prof: Float32Array, n: number, signed: boolean): number | null {
  let best = -1, bestV = 0;
  for (let i = 1; i < prof.length - 1; i++) {
    const dv = deriv(prof, i, signed);
    if (dv > bestV) { bestV = dv; best = i; }
  }
  if (best < 2 || best > prof.length - 3 || bestV < 1.5) return null;
  const floor = CENTROID_FLOOR * bestV;
  let sw = bestV, sp = best * bestV;
  for (const dir of [-1, 1]) {
    for (let k = 1, i = best + dir; k <= CENTROID_REACH && i >= 1 && i < prof.length - 1; k++, i += dir) {
      const dv = deriv(prof, i, signed);
      if (dv < floor) break;
      sw += dv;
      sp += i * dv;
    }
  }
  return (sp / sw - n) * STEP;
}

// The profile's central difference at i, signed or its magnitude (a plain function, not a
// closure: strongestStep runs 48 times a side).
function deriv(prof: Float32Array, i: number, signed: boolean): number {
  return signed ? prof[i + 1] - prof[i - 1] : Math.abs(prof[i + 1] - prof[i - 1]);
}

// Total least squares with Tukey reweighting on points [x, y, offset]*.
function robustFit(pts: number[], radius: number): Line | null {
  const m = pts.length / 3;
  const wts = new Float32Array(m).fill(1);
  let line: Line | null = null;
  for (let it = 0; it < 4; it++) {
    line = weightedTls(pts, wts);
    if (!line) return null;
    const c = 1.5 + radius * (0.5 / (it + 1));
    for (let i = 0; i < m; i++) {
      const r = pts[3 * i] * Math.cos(line.theta) + pts[3 * i + 1] * Math.sin(line.theta) - line.rho;
      const u = r / c;
      wts[i] = Math.abs(u) < 1 ? (1 - u * u) ** 2 : 0;
    }
  }
  return line;
}

function weightedTls(pts: number[], wts: Float32Array): Line | null {
  let sw = 0, sx = 0, sy = 0;
  for (let i = 0; i < wts.length; i++) { sw += wts[i]; sx += wts[i] * pts[3 * i]; sy += wts[i] * pts[3 * i + 1]; }
  if (sw < 5) return null;
  const mx = sx / sw, my = sy / sw;
  let cxx = 0, cyy = 0, cxy = 0;
  for (let i = 0; i < wts.length; i++) {
    const dx = pts[3 * i] - mx, dy = pts[3 * i + 1] - my;
    cxx += wts[i] * dx * dx; cyy += wts[i] * dy * dy; cxy += wts[i] * dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * cxy, cxx - cyy) + Math.PI / 2;
  return { theta, rho: mx * Math.cos(theta) + my * Math.sin(theta) };
}
