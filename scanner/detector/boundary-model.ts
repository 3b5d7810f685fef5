import type { Planes } from "./downscale";
import type { Gradient } from "./gradient";
import { BOUNDARY_WEIGHTS } from "./boundary-weights";

/** Offsets along the edge normal, in working px, where the colour is read. */
const OFFSETS = [-6, -4, -2, -1, 1, 2, 4, 6];
export const BOUNDARY_FEATURES = OFFSETS.length * 3 + 5;

/**
 * What one edge pixel looks like across itself: the colour profile along its
 * normal relative to the pixel's own (the lighter side first), the gradient's
 * strength, how bright each side is and how rough. Written into `out`
 * (BOUNDARY_FEATURES long); false when the profile leaves the frame.
 */
export function boundaryFeatures(p: Planes, g: Gradient, i: number, out: Float32Array): boolean {
  const w = p.width, h = p.height, x = i % w, y = (i - x) / w;
  const m = g.mag[i] || 1;
  let nx = g.gx[i] / m, ny = g.gy[i] / m;
  const at = (d: number) => {
    const xi = Math.round(x + d * nx), yi = Math.round(y + d * ny);
    return xi < 0 || yi < 0 || xi >= w || yi >= h ? -1 : yi * w + xi;
  };
  if (at(6) < 0 || at(-6) < 0) return false;
  if (p.lum[at(2)] < p.lum[at(-2)]) { nx = -nx; ny = -ny; }
  const l0 = p.lum[i], r0 = p.rg[i], b0 = p.yb[i];
  let f = 0;
  for (const d of OFFSETS) {
    const j = at(d);
    out[f++] = (p.lum[j] - l0) / 32;
    out[f++] = (p.rg[j] - r0) / 32;
    out[f++] = (p.yb[j] - b0) / 32;
  }
  const dark0 = p.lum[at(-6)], dark1 = p.lum[at(-4)], dark2 = p.lum[at(-2)];
  const light0 = p.lum[at(6)], light1 = p.lum[at(4)], light2 = p.lum[at(2)];
  out[f++] = Math.log1p(m) / 3;
  out[f++] = light1 / 255;
  out[f++] = dark1 / 255;
  out[f++] = (Math.abs(dark0 - dark1) + Math.abs(dark1 - dark2)) / 32;
  out[f++] = (Math.abs(light0 - light1) + Math.abs(light1 - light2)) / 32;
  return true;
}

/** One hidden layer of tanh units, then a logistic output: P(an edge pixel lies on a page's border). */
export interface BoundaryWeights {
  /** per feature, subtracted and divided by before the first layer */
  mean: number[];
  scale: number[];
  /** per hidden unit, BOUNDARY_FEATURES weights then its bias */
  hidden: number[][];
  /** per hidden unit a weight, then the output's bias */
  out: number[];
}

const features = new Float32Array(BOUNDARY_FEATURES);

/**
 * P(on a page's border) of working pixel i, an edge pixel; 0 where the profile
 * leaves the frame. Computed on first use and kept: only the edge pixels along
 * the candidate lines are ever asked for, a few hundred of the frame's thousands.
 * The model is fitted on generated frames only (bench/fit-boundary.py): it has
 * learned what a page's edge looks like across itself, which a line's length
 * and contrast do not say (a table's edge, a stripe on a cloth, a wood grain
 * line are long and contrasted too).
 */
export function boundaryLookup(p: Planes, g: Gradient, wts: BoundaryWeights = BOUNDARY_WEIGHTS): (i: number) => number {
  const cache = new Float32Array(p.width * p.height).fill(-1);
  return (i) => {
    if (cache[i] < 0) cache[i] = boundaryFeatures(p, g, i, features) ? evaluate(wts) : 0;
    return cache[i];
  };
}

// The network on `features`.
function evaluate(wts: BoundaryWeights): number {
  const units = wts.hidden.length;
  for (let k = 0; k < BOUNDARY_FEATURES; k++) features[k] = (features[k] - wts.mean[k]) / wts.scale[k];
  let z = wts.out[units];
  for (let u = 0; u < units; u++) {
    const row = wts.hidden[u];
    let a = row[BOUNDARY_FEATURES];
    for (let k = 0; k < BOUNDARY_FEATURES; k++) a += row[k] * features[k];
    z += wts.out[u] * Math.tanh(a);
  }
  return 1 / (1 + Math.exp(-z));
}
