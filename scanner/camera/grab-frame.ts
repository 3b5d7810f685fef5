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
