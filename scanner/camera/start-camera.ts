import { growToLargestMode, STREAM_REQUESTS } from "./stream-mode";
import { largestPhoto, stillScale } from "./take-still";

/** What the running camera can do beyond the preview. */
export interface CameraControls {
  stream: MediaStream;
  /** Still pixels per stream pixel: above 1 when the camera's photos are larger than its video (live guidance judges the page at the still's size). */
  stillScale: number;
  torch: boolean;
  zoom: { min: number; max: number; step: number; value: number } | null;
  setTorch(on: boolean): Promise<void>;
  setZoom(value: number): Promise<void>;
  stop(): void;
}

/** `insecure`: the page is not a secure context (plain http off localhost), where browsers never offer a camera. */
export type CameraFailure = "denied" | "unavailable" | "insecure";

/** Thrown by startCamera: "denied" when the user or policy refused, "unavailable" otherwise. */
export class CameraError extends Error {
  constructor(readonly reason: CameraFailure, cause?: unknown) {
    super(`camera ${reason}`, { cause });
  }
}

interface TorchZoomCaps extends MediaTrackCapabilities {
  torch?: boolean;
  zoom?: { min: number; max: number; step: number };
}

/**
 * Starts the rear camera at the highest resolution the device offers up to 4K, in either
 * orientation (scanner/camera/stream-mode.ts; the capture is grabbed from this track at full
 * size, detection uses a downscaled copy of each frame) and shows it in `video` at once.
 */
export async function startCamera(video: HTMLVideoElement): Promise<CameraControls> {
  if (!window.isSecureContext) throw new CameraError("insecure");
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError("unavailable");
  const stream = await openStream();
  const track = stream.getVideoTracks()[0];
  if (track) await growToLargestMode(track);
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  return controlsFor(stream, track ? await photoScale(track) : 1);
}

/** The first of STREAM_REQUESTS the browser grants; a refusal by the person or policy ends it at once. */
async function openStream(): Promise<MediaStream> {
  let last: unknown;
  for (const request of STREAM_REQUESTS) {
    try {
      return await navigator.mediaDevices.getUserMedia(request);
    } catch (err) {
      const name = (err as DOMException)?.name;
      if (name === "NotAllowedError" || name === "SecurityError") throw new CameraError("denied", err);
      last = err;
    }
  }
  throw new CameraError("unavailable", last);
}

/** How much larger than the stream the camera's own photo is (1 without ImageCapture). */
async function photoScale(track: MediaStreamTrack): Promise<number> {
  const photo = await largestPhoto(track).catch(() => null);
  const { width, height } = track.getSettings();
  return photo && width && height ? stillScale({ width, height }, photo) : 1;
}

function controlsFor(stream: MediaStream, stillScale: number): CameraControls {
  const track = stream.getVideoTracks()[0];
  const caps = (track.getCapabilities?.() ?? {}) as TorchZoomCaps;
  const settings = track.getSettings() as MediaTrackSettings & { zoom?: number };
  const apply = (c: Record<string, unknown>) =>
    track.applyConstraints({ advanced: [c as MediaTrackConstraintSet] }).catch(() => undefined);
  return {
    stream,
    stillScale,
    torch: caps.torch === true,
    zoom: caps.zoom && caps.zoom.max > caps.zoom.min ? { ...caps.zoom, value: settings.zoom ?? caps.zoom.min } : null,
    setTorch: (on) => apply({ torch: on }),
    setZoom: (value) => apply({ zoom: value }),
    stop: () => stream.getTracks().forEach((t) => t.stop()),
  };
}

/** True when the page can ask for a camera at all (false in many in-app browsers). */
export function canUseCamera(): boolean {
  return typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia;
}
