/**
 * The camera stream asked for: the largest the device gives, up to 4K UHD, in whichever
 * orientation it reports its modes (docs/scanner.md, "Capture source").
 */

/** 4K UHD: the largest stream asked for (a page needs no more; larger streams cost every frame). */
export const UHD = { long: 3840, short: 2160 } as const;

type Size = { width: number; height: number };
interface RangeCaps { width?: { max?: number }; height?: { max?: number } }

/**
 * What `getUserMedia` is asked for, in order: the rear camera at 4K (ideal values, so a
 * camera without 4K gives its nearest mode), then the rear camera at any size, then any
 * camera. A browser that refuses a set (OverconstrainedError, or a TypeError from one that
 * does not know a constraint) is asked the next.
 */
export const STREAM_REQUESTS: MediaStreamConstraints[] = [
  // `resizeMode: "none"`: the camera's own format, never cropped to the ideal's shape. Without
  // it Chromium clamps each side to the sensor's, and a portrait 2160×3840 camera asked for
  // 3840×2160 streamed a 2160×2160 square (the page's top and bottom cut off).
  { audio: false, video: { facingMode: { ideal: "environment" }, width: { ideal: UHD.long }, height: { ideal: UHD.short }, resizeMode: "none" } as MediaTrackConstraints },
  { audio: false, video: { facingMode: { ideal: "environment" } } },
  { audio: false, video: true },
];

/**
 * A larger mode to ask the running track for, or null: the camera's largest mode as its
 * capabilities report it (in their own orientation, which is also the one constraints are
 * read in), scaled down to fit 4K UHD in that orientation, when it has more pixels than the
 * stream it gave. A phone held upright may answer the landscape 4K request with a smaller
 * mode; this asks again in the orientation the camera itself describes.
 */
export function largerMode(current: Partial<Size>, caps: RangeCaps): Size | null {
  const w = current.width ?? 0, h = current.height ?? 0;
  const maxW = caps.width?.max ?? 0, maxH = caps.height?.max ?? 0;
  if (!w || !h || !maxW || !maxH) return null;
  const [boxW, boxH] = maxW >= maxH ? [UHD.long, UHD.short] : [UHD.short, UHD.long];
  const k = Math.min(1, boxW / maxW, boxH / maxH);
  const target = { width: Math.round(maxW * k), height: Math.round(maxH * k) };
  return target.width * target.height > w * h ? target : null;
}

/** Asks the running track for `largerMode`; a refusal keeps the stream as it is. */
export async function growToLargestMode(track: MediaStreamTrack): Promise<void> {
  const target = largerMode(track.getSettings(), (track.getCapabilities?.() ?? {}) as RangeCaps);
  if (!target) return;
  await track.applyConstraints({ width: { ideal: target.width }, height: { ideal: target.height }, resizeMode: "none" } as MediaTrackConstraints).catch(() => undefined);
}
