/** What the running camera can do beyond the preview. */
export interface CameraControls {
  stream: MediaStream;
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
 * Starts the rear camera at the highest resolution the device offers up to 4K
 * (the capture is grabbed from this track at full size; detection uses a
 * downscaled copy of each frame) and shows it in `video` at once.
 */
export async function startCamera(video: HTMLVideoElement): Promise<CameraControls> {
  if (!window.isSecureContext) throw new CameraError("insecure");
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError("unavailable");
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      // `resizeMode: "none"`: the camera's own format, never cropped to the ideal's shape. Without
      // it Chromium clamps each side to the sensor's, and a portrait 2160×3840 camera asked for
      // 3840×2160 streamed a 2160×2160 square (the page's top and bottom cut off).
      video: { facingMode: { ideal: "environment" }, width: { ideal: 3840 }, height: { ideal: 2160 }, resizeMode: "none" } as MediaTrackConstraints,
    });
  } catch (err) {
    const name = (err as DOMException)?.name;
    throw new CameraError(name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable", err);
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  return controlsFor(stream);
}

function controlsFor(stream: MediaStream): CameraControls {
  const track = stream.getVideoTracks()[0];
  const caps = (track.getCapabilities?.() ?? {}) as TorchZoomCaps;
  const settings = track.getSettings() as MediaTrackSettings & { zoom?: number };
  const apply = (c: Record<string, unknown>) =>
    track.applyConstraints({ advanced: [c as MediaTrackConstraintSet] }).catch(() => undefined);
  return {
    stream,
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
