import type { StringKey } from "../i18n";
import { WARN } from "../image/measure";
import type { LiveDetection, NormQuad } from "../worker/protocol";
import { tooFar, type PageInView } from "./page-in-view";

/** Below this mean luma (0..255) the frame is too dark to scan. */
export const DARK_LUMA = 45;
/** A page covering less of the frame than this is too far away. */
export const MIN_AREA = 0.2;
/**
 * Below this focus (the page report's sharpness, 0..1, of a full-resolution patch of the page)
 * the page is out of focus: "Hold steady", and auto-capture waits. The editor's "blurry"
 * prompt threshold, so auto-capture never takes a page the editor would prompt about as
 * blurred (docs/scanner.md, "Focus": the synthetic page's patch scores 1.0 sharp, 0.53 at
 * σ 1 px, 0.21 at σ 2, 0.01 at σ 3 and 0 at σ 4 and beyond).
 */
export const FOCUS_FLOOR = WARN.blurryBelow;
/** A frame's Laplacian variance (the small frame) must be at least this share of the recent best: no frame taken mid-shake. */
const SHARPNESS_SHARE = 0.6;
/**
 * Auto-capture only takes frames the detector is this sure of; below it the
 * person checks the corners. Chosen from cross-validated confidence bands on
 * detect-train (bench/detect-crossval.ts: each frame scored by weights fitted
 * without it, two fold splits): the lowest confidence above which at least 97 %
 * of frames, at every level, have IoU >= 0.9 in both splits (0.96 in one, 0.95 in
 * the other since the boundary model, fifteenth round: at 0.96 they take 134 and
 * 130 of 300 frames, 97.8 and 98.5 % right). It was 0.95, 0.93 and 0.94 before
 * (docs/detector.md; detect-dev held out).
 */
export const AUTO_CAPTURE_CONFIDENCE = 0.96;
/** After a capture, the page has moved when a corner is this far (share of the frame) from where it was … */
const MOVED = 0.08;
/** … or it has left when no page is seen in this many frames in a row (one dropped detection is not leaving). */
const LEFT_FRAMES = 3;
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

/**
 * What auto-capture is doing: `armed` (it will take the page once it holds still),
 * `waiting` (it took a picture and waits for the page to move or leave the frame),
 * `unsure` (the detector is not sure enough of the edges to take it by itself).
 */
export type AutoState = "armed" | "waiting" | "unsure";

/** A live detection and where its page stands in the stream (null without a page or before the stream's size is known). */
export interface LiveView extends LiveDetection {
  page: PageInView | null;
}

/** Out of focus: the full-resolution patch of the page scores below FOCUS_FLOOR. */
export function outOfFocus(d: LiveDetection): boolean {
  return d.focus !== null && d.focus < FOCUS_FLOOR;
}

/** Too far: the page covers too little of the frame, or would come out below the legible resolution while it could still come closer. */
function farAway(corners: NormQuad, page: PageInView | null): boolean {
  return quadArea(corners) < MIN_AREA || (page !== null && tooFar(page));
}

/** The hint shown over the preview for one detection result; `auto` is null while auto-capture is off. */
export function guidanceFor(d: LiveView | null, auto: AutoState | null = null): StringKey {
  if (!d) return "guideFind";
  if (d.luma < DARK_LUMA) return "guideDark";
  if (!d.corners) return "guideFind";
  if (auto === "waiting") return "guideNext";
  if (farAway(d.corners, d.page)) return "guideCloser";
  if (outOfFocus(d)) return "guideBlurry";
  if (auto === "unsure") return "guideManual";
  return "guideHold";
}

/**
 * Decides when to take the picture by itself: the quad has been stable for the
 * detector's StabilityTracker (which holds it still for 0.8 s), is not too far (covers
 * enough of the frame and comes out at the legible resolution, or fills the frame), the
 * page is in focus (its full-resolution patch measured, at FOCUS_FLOOR or above) and the
 * frame not shaken (variance of the Laplacian near the best seen lately), and
 * the detector's confidence is at least AUTO_CAPTURE_CONFIDENCE.
 * After a capture it stays disarmed until the page moves or leaves the frame,
 * so the same page is not taken twice.
 */
export class AutoCapture {
  private best = 0;
  private lastFire = -Infinity;
  private armed = true;
  /** Where the page was when it was taken (set from the first frame after a capture). */
  private taken: NormQuad | null = null;
  private missed = 0;
  /** Recent confidence (smoothed, so the hint does not flicker from frame to frame). */
  private confidence = 0;

  update(d: LiveView, nowMs: number): boolean {
    this.best = Math.max(d.sharpness, this.best * 0.98);
    this.confidence = !d.corners ? 0 : this.confidence ? 0.7 * this.confidence + 0.3 * d.confidence : d.confidence;
    if (!this.armed) {
      this.missed = d.corners ? 0 : this.missed + 1;
      if (d.corners && !this.taken) this.taken = d.corners;
      // a detection that only flickers (the tracker restarting its hold) is the same page, still there
      this.armed = this.missed >= LEFT_FRAMES || (!!d.corners && !!this.taken && moved(d.corners, this.taken));
      return false;
    }
    if (nowMs - this.lastFire < COOLDOWN_MS) return false;
    const sharp = d.focus !== null && !outOfFocus(d) && d.sharpness >= SHARPNESS_SHARE * this.best;
    const sure = d.confidence >= AUTO_CAPTURE_CONFIDENCE;
    if (!d.stable || !sure || !d.corners || farAway(d.corners, d.page) || d.luma < DARK_LUMA || !sharp) return false;
    this.disarm(nowMs, d.corners);
    return true;
  }

  get state(): AutoState {
    if (!this.armed) return "waiting";
    return this.confidence > 0 && this.confidence < AUTO_CAPTURE_CONFIDENCE ? "unsure" : "armed";
  }

  /** After any capture: wait for the page to move (or a new one) and for the cooldown. */
  disarm(nowMs: number, corners: NormQuad | null = null): void {
    this.lastFire = nowMs;
    this.armed = false;
    this.taken = corners;
    this.missed = 0;
  }
}

function moved(a: NormQuad, b: NormQuad): boolean {
  return a.some(([x, y], k) => Math.hypot(x - b[k][0], y - b[k][1]) > MOVED);
}
