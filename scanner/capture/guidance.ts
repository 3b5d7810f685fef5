import type { StringKey } from "../i18n";
import type { LiveDetection, NormQuad } from "../worker/protocol";

/** Below this mean luma (0..255) the frame is too dark to scan. */
export const DARK_LUMA = 45;
/** A page covering less of the frame than this is too far away. */
export const MIN_AREA = 0.2;
/** Laplacian variance floor on the 480-pixel detection frame. */
export const SHARPNESS_FLOOR = 12;
/** A frame must be at least this share of the sharpest recent frame. */
const SHARPNESS_SHARE = 0.6;
/** No second auto-capture within this time. */
const COOLDOWN_MS = 2500;

/** Share of the frame (0..1) the quad covers. */
export function quadArea(q: NormQuad): number {
  let a = 0;
  for (let i = 0; i < 4; i++) {
    const [x1, y1] = q[i], [x2, y2] = q[(i + 1) % 4];
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

/** The hint shown over the preview for one detection result. */
export function guidanceFor(d: LiveDetection | null): StringKey {
  if (!d) return "guideFind";
  if (d.luma < DARK_LUMA) return "guideDark";
  if (!d.corners) return "guideFind";
  if (quadArea(d.corners) < MIN_AREA) return "guideCloser";
  return "guideHold";
}

/**
 * Decides when to take the picture by itself: the quad has been stable for the
 * detector's StabilityTracker (which holds it still for 0.8 s), covers enough of the frame, and the frame is sharp
 * (variance of the Laplacian above a floor and near the best seen lately).
 * After a capture it stays disarmed until the page moves or leaves the frame,
 * so the same page is not taken twice.
 */
export class AutoCapture {
  private best = 0;
  private lastFire = -Infinity;
  private armed = true;

  update(d: LiveDetection, nowMs: number): boolean {
    this.best = Math.max(d.sharpness, this.best * 0.98);
    if (!this.armed) {
      this.armed = !d.corners || d.progress === 0;
      return false;
    }
    if (nowMs - this.lastFire < COOLDOWN_MS) return false;
    const sharp = d.sharpness >= SHARPNESS_FLOOR && d.sharpness >= SHARPNESS_SHARE * this.best;
    const ready = d.stable && !!d.corners && quadArea(d.corners) >= MIN_AREA && d.luma >= DARK_LUMA && sharp;
    if (ready) {
      this.lastFire = nowMs;
      this.armed = false;
    }
    return ready;
  }

  /** After any capture: wait for the page to move (or a new one) and for the cooldown. */
  disarm(nowMs: number): void {
    this.lastFire = nowMs;
    this.armed = false;
  }
}
