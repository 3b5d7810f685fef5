import type { Gradient } from "./gradient";
import type { EdgeMap } from "./edges";
import type { Line } from "./geometry";

const N_THETA = 180;
const SPREAD = 3; // bins each side of the pixel's own gradient direction
// Parallel texture (wood grain, ruled lines) must not crowd out the page's
// other sides: at most PER_BUCKET lines per BUCKET degrees of direction.
const BUCKET = 10;
const PER_BUCKET = 6;
const COS = new Float32Array(N_THETA), SIN = new Float32Array(N_THETA);
for (let b = 0; b < N_THETA; b++) { COS[b] = Math.cos((b * Math.PI) / N_THETA); SIN[b] = Math.sin((b * Math.PI) / N_THETA); }

/**
 * Orientation-constrained Hough transform: each edge pixel votes only near its
 * own gradient direction, which keeps texture and text from flooding the
 * accumulator. Returns the strongest distinct lines, strongest first.
 */
export function houghLines(g: Gradient, e: EdgeMap, maxLines: number, minVotes: number): Line[] {
  const { width: w, height: h } = g;
  const diag = Math.ceil(Math.hypot(w, h));
  const nRho = 2 * diag + 1;
  const acc = new Float32Array(N_THETA * nRho);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!e.edge[i]) continue;
      let phi = Math.atan2(g.gy[i], g.gx[i]);
      if (phi < 0) phi += Math.PI;
      const c = Math.round((phi / Math.PI) * N_THETA);
      for (let k = -SPREAD; k <= SPREAD; k++) {
        // c is in [0, N_THETA], so one wrap either way is enough (a modulo costs more than the vote).
        let b = c + k;
        if (b < 0) b += N_THETA;
        else if (b >= N_THETA) b -= N_THETA;
        const r = Math.round(x * COS[b] + y * SIN[b]) + diag;
        acc[b * nRho + r] += 1;
      }
    }
  }
  return pickPeaks(acc, nRho, diag, maxLines, minVotes);
}

function pickPeaks(acc: Float32Array, nRho: number, diag: number, maxLines: number, minVotes: number): Line[] {
  const peaks: { v: number; b: number; r: number }[] = [];
  for (let b = 0; b < N_THETA; b++) {
    for (let r = 1; r < nRho - 1; r++) {
      const v = acc[b * nRho + r];
      if (v < minVotes || !isLocalMax(acc, nRho, b, r, v)) continue;
      peaks.push({ v, b, r });
    }
  }
  peaks.sort((p, q) => q.v - p.v);
  const out: Line[] = [];
  const perBucket = new Uint8Array(N_THETA / BUCKET);
  for (const p of peaks) {
    const line = { theta: (p.b * Math.PI) / N_THETA, rho: p.r - diag };
    const bucket = Math.floor(p.b / BUCKET);
    if (perBucket[bucket] >= PER_BUCKET || out.some((l) => nearDuplicate(l, line))) continue;
    perBucket[bucket]++;
    out.push(line);
    if (out.length >= maxLines) break;
  }
  return out;
}

function isLocalMax(acc: Float32Array, nRho: number, b: number, r: number, v: number): boolean {
  for (let db = -2; db <= 2; db++) {
    const bb = b + db;
    if (bb < 0 || bb >= N_THETA) continue;
    for (let dr = -2; dr <= 2; dr++) {
      if (!db && !dr) continue;
      const o = acc[bb * nRho + r + dr];
      if (o > v || (o === v && (db < 0 || (db === 0 && dr < 0)))) return false;
    }
  }
  return true;
}

/** Lines within ~3 degrees and ~4 px of each other are one line. */
export function nearDuplicate(a: Line, b: Line): boolean {
  let dt = Math.abs(a.theta - b.theta), dr = Math.abs(a.rho - b.rho);
  if (dt > Math.PI / 2) { dt = Math.PI - dt; dr = Math.abs(a.rho + b.rho); }
  return dt < (3 * Math.PI) / 180 && dr < 4;
}
