import type { NormQuad } from "../worker/protocol";

/** Long side of the frames sent to the detector on every live tick (it works at 320 px and refines the corners on this frame; docs/detector.md, "detector@live"). */
export const DETECT_SIZE = 360;

/** A downscaled copy of the current video frame for detection (the small stream). */
export function grabDetectFrame(video: HTMLVideoElement): Promise<ImageBitmap> {
  const k = DETECT_SIZE / Math.max(video.videoWidth, video.videoHeight);
  return createImageBitmap(video, {
    resizeWidth: Math.round(video.videoWidth * k),
    resizeHeight: Math.round(video.videoHeight * k),
    resizeQuality: "low",
  });
}

/** The current video frame at the track's full resolution (the capture). */
export function grabFullFrame(video: HTMLVideoElement): Promise<ImageBitmap> {
  return createImageBitmap(video);
}

/**
 * Largest side of the focus patch, in stream pixels: 256 × 256 holds several lines of 10 pt
 * print even at 4K (a line is about 40 px at 235 dpi), and its measure costs about 2 % of a
 * detection (512 × 512 cost a third; docs/scanner.md, "Focus").
 */
export const FOCUS_PATCH = 256;

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Where to judge focus: a square at the page's centre (where the text usually is), half the
 * page's shorter side or FOCUS_PATCH at most, in stream pixels and inside the frame. Null for
 * a page too small to judge (it is "Move closer" anyway).
 */
export function focusPatchRect(q: NormQuad, width: number, height: number): Rect | null {
  const px = q.map(([x, y]) => [x * width, y * height]);
  const cx = px.reduce((s, p) => s + p[0], 0) / 4, cy = px.reduce((s, p) => s + p[1], 0) / 4;
  const shorter = Math.min(...px.map((p, i) => Math.hypot(p[0] - px[(i + 1) % 4][0], p[1] - px[(i + 1) % 4][1])));
  const side = Math.round(Math.min(FOCUS_PATCH, shorter / 2, width, height));
  if (side < 32) return null;
  const x = Math.round(Math.min(width - side, Math.max(0, cx - side / 2)));
  const y = Math.round(Math.min(height - side, Math.max(0, cy - side / 2)));
  return { x, y, width: side, height: side };
}

/** The focus patch of the current video frame at the stream's full resolution, or null. */
export function grabFocusPatch(video: HTMLVideoElement, q: NormQuad): Promise<ImageBitmap> | null {
  const r = focusPatchRect(q, video.videoWidth, video.videoHeight);
  return r ? createImageBitmap(video, r.x, r.y, r.width, r.height) : null;
}
