import type { NormQuad } from "../worker/protocol";
import { grabFullFrame } from "./grab-frame";

/** How long the shutter waits for the camera's own photo before it keeps the video frame. */
export const PHOTO_TIMEOUT_MS = 2500;
/** Aspect ratios closer than this (relative) are the same picture: corners carry over unchanged. */
const SAME_ASPECT = 0.01;

type Size = { width: number; height: number };

/** The parts of the Image Capture API used here (not in TypeScript's DOM library everywhere). */
interface PhotoCapabilitiesLike { imageWidth?: { max: number }; imageHeight?: { max: number }; fillLightMode?: string[] }
interface ImageCaptureLike {
  takePhoto(settings?: Record<string, unknown>): Promise<Blob>;
  getPhotoCapabilities?(): Promise<PhotoCapabilitiesLike>;
}
type ImageCaptureCtor = new (track: MediaStreamTrack) => ImageCaptureLike;

/** The capture: a still of the page and where it came from. */
export interface Still {
  image: ImageBitmap;
  kind: "photo" | "frame";
  /** The live corners (fractions of the video frame) as fractions of this still. */
  corners(q: NormQuad): NormQuad;
}

/**
 * The sharpest, largest still the device gives: the video frame at the moment of the shutter,
 * then, where the track supports `ImageCapture.takePhoto()`, the camera's own photo when it
 * arrives within PHOTO_TIMEOUT_MS, is larger than the frame and has the frame's orientation.
 * Any failure keeps the frame (docs/scanner.md, "Capture source").
 */
export async function takeStill(video: HTMLVideoElement, track: MediaStreamTrack | undefined, timeoutMs = PHOTO_TIMEOUT_MS): Promise<Still> {
  const frame = await grabFullFrame(video);
  const photo = track ? await takePhoto(track, frame, timeoutMs).catch(() => null) : null;
  if (photo && photoWins(photo, frame)) {
    const f = { width: frame.width, height: frame.height }, p = { width: photo.width, height: photo.height };
    frame.close();
    return { image: photo, kind: "photo", corners: (q) => cornersInStill(q, f, p) };
  }
  photo?.close();
  return { image: frame, kind: "frame", corners: (q) => q };
}

/** A photo replaces the frame only when it has more pixels and the same orientation. */
export function photoWins(photo: Size, frame: Size): boolean {
  return photo.width * photo.height > frame.width * frame.height && photo.width >= photo.height === frame.width >= frame.height;
}

/**
 * Still pixels per frame pixel when the camera's photo replaces the frame: the frame is the
 * largest centred rectangle of its aspect inside the photo (as in `cornersInStill`), whatever
 * orientation either reports; 1 when the photo is no larger.
 */
export function stillScale(frame: Size, photo: Size): number {
  const long = Math.max(photo.width, photo.height) / Math.max(frame.width, frame.height);
  const short = Math.min(photo.width, photo.height) / Math.min(frame.width, frame.height);
  const k = Math.min(long, short);
  return Number.isFinite(k) && k > 1 ? k : 1;
}

/** The camera's largest photo (ImageCapture's photo capabilities), or null where there is no ImageCapture or it does not say. */
export async function largestPhoto(track: MediaStreamTrack): Promise<Size | null> {
  const Ctor = (globalThis as { ImageCapture?: ImageCaptureCtor }).ImageCapture;
  if (!Ctor || track.readyState !== "live") return null;
  const caps = await new Ctor(track).getPhotoCapabilities?.().catch(() => undefined);
  const width = caps?.imageWidth?.max ?? 0, height = caps?.imageHeight?.max ?? 0;
  return width && height ? { width, height } : null;
}

/**
 * Fractions of the video frame to fractions of a still of another aspect ratio. Cameras
 * stream a centred crop of the sensor (16:9 video from a 4:3 sensor), so the frame is taken
 * to be the largest centred rectangle of its aspect inside the still.
 */
export function cornersInStill(q: NormQuad, frame: Size, still: Size): NormQuad {
  const fa = frame.width / frame.height, sa = still.width / still.height;
  if (Math.abs(fa / sa - 1) < SAME_ASPECT) return q;
  // the frame covers the still's full width and this share of its height (or the reverse)
  const sx = fa > sa ? 1 : fa / sa, sy = fa > sa ? sa / fa : 1;
  return q.map(([x, y]) => [0.5 + (x - 0.5) * sx, 0.5 + (y - 0.5) * sy]) as NormQuad;
}

async function takePhoto(track: MediaStreamTrack, frame: Size, timeoutMs: number): Promise<ImageBitmap | null> {
  const Ctor = (globalThis as { ImageCapture?: ImageCaptureCtor }).ImageCapture;
  if (!Ctor || track.readyState !== "live") return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    const shot = (async () => {
      const capture = new Ctor(track);
      const caps = await capture.getPhotoCapabilities?.().catch(() => undefined);
      const w = caps?.imageWidth?.max ?? 0, h = caps?.imageHeight?.max ?? 0;
      // a camera that says its photos are no larger than the video (most webcams) is not asked
      if (w && h && w * h <= frame.width * frame.height) return null;
      const blob = await capture.takePhoto(photoSettings(caps));
      return { blob };
    })();
    const got = await Promise.race([shot, late]);
    // a photo that arrives too late is dropped undecoded
    return got ? await createImageBitmap(got.blob) : null;
  } finally {
    clearTimeout(timer);
  }
}

/** The largest image the camera offers, without its flash (glare on paper). */
function photoSettings(caps: PhotoCapabilitiesLike | undefined): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  if (caps?.imageWidth?.max && caps.imageHeight?.max) Object.assign(s, { imageWidth: caps.imageWidth.max, imageHeight: caps.imageHeight.max });
  if (caps?.fillLightMode?.includes("off")) s.fillLightMode = "off";
  return s;
}
