import { extremeFilter } from "./morphology";

/** A cell is a candidate when some channel is below this share of the paper nearby. */
const DARKER = 0.8;
/** An edge step: the region below this share of the paper two cells outside it. */
const STEP = 0.8;
/** A candidate region is not paper when at least this share of its edge is a step. */
const STEP_SHARE = 0.4;
/**
 * Radius of "the paper nearby", as a share of the map's long side: short enough that light
 * falling off across the page (2× from edge to edge) stays above `DARKER`, so shading does
 * not join a photo into one region; a photo wider than the radius is caught by its rim.
 */
const NEAR_SHARE = 1 / 8;
/**
 * A shadow with a sharp edge (a phone or a hand under a lamp) also steps, but it only dims
 * the paper: every channel by the same factor, evenly. A region whose channels fall by
 * factors within `SHADOW_SPREAD` of each other, no deeper than `SHADOW_DEEPEST`, and that is
 * smooth inside (mean step between neighbouring cells under `SHADOW_TEXTURE`) is paper in
 * shade; a photo or a fill has colour of its own or texture.
 */
const SHADOW_SPREAD = 0.08, SHADOW_DEEPEST = 0.3, SHADOW_TEXTURE = 0.02;
/**
 * Light dims every channel alike; print has a colour of its own. A cell whose channels, each
 * against the paper nearby, lie further apart than this share of the largest is coloured: a
 * pale sky is (its red at 0.75 of the paper, its blue at 0.94), paper in shade is not.
 */
const COLOURED = 0.1;
/** Half the widest gap between marked cells that `closeGaps` fills, in cells. */
const GAP = 2;

/**
 * Marks the cells of the closed paper map that are not paper: photos, coloured or dark
 * fills, large stamps, the desk at an edge. Shading and non-paper both make a region darker
 * than the paper nearby; they differ at the region's edge: light falls off over centimetres,
 * a printed region starts within a cell or two. So a darker region (some channel below 80 %
 * of the brightest paper within an eighth of the page) much of whose edge is a step (below
 * 80 % of the paper two cells outside) is not paper, and neither is anything it encloses.
 * Then a second look by colour (`markColoured`, on `means`: the block means before the
 * closing), and small gaps between what is marked are closed (`closeGaps`).
 */
export function markNonPaper(planes: Float32Array[], means: Float32Array[], cols: number, rows: number): Uint8Array {
  const n = cols * rows, near = Math.max(2, Math.round(Math.max(cols, rows) * NEAR_SHARE));
  const ratio = new Float32Array(n).fill(Infinity);
  const envs = planes.map((p) => {
    const env = p.slice();
    extremeFilter(env, cols, rows, near, 1);
    return env;
  });
  const channel = planes.map((p, c) => {
    const r = new Float32Array(n);
    for (let k = 0; k < n; k++) ratio[k] = Math.min(ratio[k], (r[k] = p[k] / Math.max(1, envs[c][k])));
    return r;
  });
  const marked = new Uint8Array(n);
  eachRegion(cols, rows, (k) => ratio[k] < DARKER,
    (x, y, dx, dy) => (edgeStep(planes, cols, rows, x, y, dx, dy) < STEP ? "sharp" : "soft"),
    (members, sharp, steps, labels) => {
      if (steps && sharp >= STEP_SHARE * steps && !isShade(members, channel, ratio, labels, cols)) for (const k of members) marked[k] = 1;
    });
  markColoured(planes, means, envs, marked, cols, rows);
  closeGaps(marked, cols, rows);
  fillEnclosed(marked, cols, rows);
  return marked;
}

/**
 * A second look at what the first pass left as paper, by colour: regions of coloured cells
 * (`COLOURED`) much of whose edge is a step in brightness or in colour are not paper either.
 * The first pass misses two kinds of photo: one whose pale part (a light sky) is above
 * `DARKER` in every channel and so reaches the paper outside it, and one that touches a
 * shadow band and joins it into a region whose edge is mostly the shadow's soft one. Light
 * does not colour the paper, so colour sets the photo apart from both.
 */
function markColoured(planes: Float32Array[], means: Float32Array[], envs: Float32Array[], marked: Uint8Array, cols: number, rows: number): void {
  const n = cols * rows, coloured = new Uint8Array(n), found: number[] = [];
  for (let k = 0; k < n; k++) if (!marked[k] && meanSpread(means, envs, k) > COLOURED) coloured[k] = 1;
  eachRegion(cols, rows, (k) => coloured[k] === 1,
    (x, y, dx, dy, j) => (marked[j] ? null : edgeStep(planes, cols, rows, x, y, dx, dy) < STEP || colourStep(planes, cols, rows, x, y, dx, dy) > COLOURED ? "sharp" : "soft"),
    (members, sharp, steps) => {
      if (sharp >= STEP_SHARE * steps) found.push(...members);
    });
  for (const k of found) marked[k] = 1;
}

/**
 * Walks the 4-connected regions of the cells where `inside` holds, each once. Every step
 * from a member to a cell outside the region is an edge, which `edge` calls `sharp`, `soft`
 * or not counted (null); `region` then gets the members, the sharp and counted edges, and
 * the labels so far (each cell's region, by its first cell; -1 outside every region), which
 * are returned at the end.
 */
function eachRegion(
  cols: number,
  rows: number,
  inside: (k: number) => boolean,
  edge: (x: number, y: number, dx: number, dy: number, j: number) => "sharp" | "soft" | null,
  region: (members: number[], sharp: number, steps: number, label: Int32Array) => void,
): Int32Array {
  const n = cols * rows, label = new Int32Array(n).fill(-1), stack: number[] = [], members: number[] = [];
  for (let seed = 0; seed < n; seed++) {
    if (label[seed] >= 0 || !inside(seed)) continue;
    members.length = 0;
    let sharp = 0, steps = 0;
    stack.push(seed); label[seed] = seed;
    while (stack.length) {
      const k = stack.pop()!, x = k % cols, y = (k - x) / cols;
      members.push(k);
      for (let q = 0; q < 4; q++) {
        const dx = DX[q], dy = DY[q], xx = x + dx, yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= cols || yy >= rows) continue;
        const j = yy * cols + xx;
        if (inside(j)) {
          if (label[j] < 0) { label[j] = seed; stack.push(j); }
          continue;
        }
        const kind = edge(x, y, dx, dy, j);
        if (kind === null) continue;
        if (kind === "sharp") sharp++;
        steps++;
      }
    }
    region(members, sharp, steps, label);
  }
  return label;
}

// `spreadAt` on the block means before the closing, which has replaced a photo's part narrower
// than its window (a strip of hill under the horizon) by a mix of the colours around it.
function meanSpread(means: Float32Array[], envs: Float32Array[], k: number): number {
  let hi = 0, lo = Infinity;
  for (let c = 0; c < 3; c++) { const r = means[c][k] / Math.max(1, envs[c][k]); hi = Math.max(hi, r); lo = Math.min(lo, r); }
  return spreadOf(hi, lo);
}

// Marks the unmarked gaps of up to `GAP` cells across between marked cells (a binary closing):
// the near-grey band where a sky meets the hills is neither dark nor coloured, and would be
// a notch of paper cut into the photo from its edge.
function closeGaps(marked: Uint8Array, cols: number, rows: number): void {
  const m = new Float32Array(marked.length);
  for (let k = 0; k < m.length; k++) m[k] = marked[k];
  extremeFilter(m, cols, rows, GAP, 1);
  extremeFilter(m, cols, rows, GAP, -1);
  for (let k = 0; k < m.length; k++) if (m[k] > 0) marked[k] = 1;
}

// How far apart the channels' ratios to the paper nearby are, as a share of the largest.
function spreadAt(channel: Float32Array[], k: number): number {
  let hi = 0, lo = Infinity;
  for (const r of channel) { hi = Math.max(hi, r[k]); lo = Math.min(lo, r[k]); }
  return spreadOf(hi, lo);
}

// How far apart channel ratios between `lo` and `hi` lie, as a share of the largest: light
// dims the channels alike. (The callers loop without an array: this runs for every cell.)
function spreadOf(hi: number, lo: number): number {
  return (hi - lo) / Math.max(1e-3, hi);
}

const DX = [1, -1, 0, 0], DY = [0, 0, 1, -1];

// Paper in shade: every channel dimmed alike, not too deep, smooth from cell to cell.
function isShade(members: number[], channel: Float32Array[], ratio: Float32Array, label: Int32Array, cols: number): boolean {
  let spread = 0, depth = 0, texture = 0, pairs = 0;
  for (const k of members) {
    spread += spreadAt(channel, k);
    depth += ratio[k];
    const right = k + 1;
    if ((k + 1) % cols !== 0 && label[right] === label[k]) { texture += Math.abs(ratio[right] - ratio[k]); pairs++; }
  }
  const m = members.length;
  return spread / m < SHADOW_SPREAD && depth / m > SHADOW_DEEPEST && (pairs ? texture / pairs : 0) < SHADOW_TEXTURE;
}

// Darkest channel ratio between a cell one inside the region and one two cells outside it.
function edgeStep(planes: Float32Array[], cols: number, rows: number, x: number, y: number, dx: number, dy: number): number {
  const [inside, outside] = acrossEdge(cols, rows, x, y, dx, dy);
  let r = Infinity;
  for (const p of planes) r = Math.min(r, p[inside] / Math.max(1, p[outside]));
  return r;
}

// Like `edgeStep`, in colour: how far apart the channels' inside/outside ratios are, as a share of the largest.
function colourStep(planes: Float32Array[], cols: number, rows: number, x: number, y: number, dx: number, dy: number): number {
  const [inside, outside] = acrossEdge(cols, rows, x, y, dx, dy);
  let hi = 0, lo = Infinity;
  for (const p of planes) { const r = p[inside] / Math.max(1, p[outside]); hi = Math.max(hi, r); lo = Math.min(lo, r); }
  return spreadOf(hi, lo);
}

// The cell one inside the region and the one two cells outside it, across the edge x,y → x+dx,y+dy.
function acrossEdge(cols: number, rows: number, x: number, y: number, dx: number, dy: number): [number, number] {
  const clampX = (v: number) => Math.max(0, Math.min(cols - 1, v)), clampY = (v: number) => Math.max(0, Math.min(rows - 1, v));
  return [clampY(y - dy) * cols + clampX(x - dx), clampY(y + 2 * dy) * cols + clampX(x + 2 * dx)];
}

// Marks every unmarked cell that the unmarked cells on the border cannot reach.
function fillEnclosed(marked: Uint8Array, cols: number, rows: number): void {
  const seen = new Uint8Array(marked.length), stack: number[] = [];
  for (let k = 0; k < marked.length; k++) {
    const x = k % cols, y = (k - x) / cols;
    if ((x === 0 || y === 0 || x === cols - 1 || y === rows - 1) && !marked[k]) { seen[k] = 1; stack.push(k); }
  }
  while (stack.length) {
    const k = stack.pop()!, x = k % cols, y = (k - x) / cols;
    for (let q = 0; q < 4; q++) {
      const xx = x + DX[q], yy = y + DY[q], j = yy * cols + xx;
      if (xx < 0 || yy < 0 || xx >= cols || yy >= rows || seen[j] || marked[j]) continue;
      seen[j] = 1; stack.push(j);
    }
  }
  for (let k = 0; k < marked.length; k++) if (!seen[k]) marked[k] = 1;
}
