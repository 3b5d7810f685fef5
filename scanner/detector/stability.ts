import type { Detection, Point, Quad } from "./types";
import { dist } from "./geometry";

export interface StabilityOptions {
  /** weight of the newest frame in the exponential smoothing (0..1], default 0.5 */
  smoothing?: number;
  /** largest corner move, as a share of the quad's diagonal, still counted as still (default 0.02) */
  tolerance?: number;
  /** how long the quad must stay still before auto-capture, ms (default 800) */
  holdMs?: number;
  /** frames without a detection tolerated before the track is dropped (default 3) */
  maxMissed?: number;
  /** detections below this confidence do not count toward capture (default 0.5) */
  minConfidence?: number;
}

export interface StabilityState {
  corners: Quad | null;
  stable: boolean;
  /** 0..1 toward auto-capture */
  progress: number;
}

/** Smooths corners over frames and says when the page has been still long enough to capture. */
export class StabilityTracker {
  private readonly opt: Required<StabilityOptions>;
  private smoothed: Quad | null = null;
  private stillSince = 0;
  private missed = 0;

  constructor(opts: StabilityOptions = {}) {
    this.opt = { smoothing: 0.5, tolerance: 0.02, holdMs: 800, maxMissed: 3, minConfidence: 0.5, ...opts };
  }

  /** Feeds one frame's detection (or null) taken at time `now` (ms). */
  push(d: Detection | null, now: number): StabilityState {
    if (!d) return this.miss(now);
    this.missed = 0;
    if (!this.smoothed) {
      this.smoothed = copy(d.corners);
      this.stillSince = now;
    } else {
      const next = alignTo(this.smoothed, d.corners);
      const move = Math.max(...next.map((p, i) => dist(p, this.smoothed![i]))) / diagonal(this.smoothed);
      if (move > this.opt.tolerance) this.stillSince = now;
      // A big jump is a new page (or a new placement): follow it at once.
      this.smoothed = move > 10 * this.opt.tolerance ? next : blend(this.smoothed, next, this.opt.smoothing);
    }
    if (d.confidence < this.opt.minConfidence) this.stillSince = now;
    const progress = Math.max(0, Math.min(1, (now - this.stillSince) / this.opt.holdMs));
    return { corners: copy(this.smoothed), stable: progress >= 1, progress };
  }

  /** Forgets the track (e.g. after a capture). */
  reset(): void {
    this.smoothed = null;
    this.missed = 0;
  }

  private miss(now: number): StabilityState {
    this.missed++;
    if (this.missed > this.opt.maxMissed || !this.smoothed) {
      this.reset();
      return { corners: null, stable: false, progress: 0 };
    }
    this.stillSince = now; // a dropped frame restarts the hold
    return { corners: copy(this.smoothed), stable: false, progress: 0 };
  }
}

// Cyclic shift of q that best matches ref (corner order restarts when a page turns past 45 degrees).
function alignTo(ref: Quad, q: Quad): Quad {
  let best = q, bestD = Infinity;
  for (let s = 0; s < 4; s++) {
    const r = [0, 1, 2, 3].map((i) => q[(i + s) % 4]) as Quad;
    const d = r.reduce((acc, p, i) => acc + dist(p, ref[i]), 0);
    if (d < bestD) { bestD = d; best = r; }
  }
  return best;
}

function blend(a: Quad, b: Quad, w: number): Quad {
  return a.map((p, i) => [p[0] + (b[i][0] - p[0]) * w, p[1] + (b[i][1] - p[1]) * w]) as Quad;
}

function diagonal(q: Quad): number {
  return Math.max(1, dist(q[0], q[2]), dist(q[1], q[3]));
}

function copy(q: Quad): Quad {
  return q.map((p) => [p[0], p[1]] as Point) as Quad;
}
