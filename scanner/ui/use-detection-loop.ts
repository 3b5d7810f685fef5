"use client";
import { useEffect, useRef, useState, type RefObject } from "react";
import { grabDetectFrame, grabFocusPatch } from "../camera/grab-frame";
import { AutoCapture, type AutoState, type LiveView } from "../capture/guidance";
import { pageInView } from "../capture/page-in-view";
import type { ScanEngine } from "../worker/client";
import type { LiveDetection, NormQuad } from "../worker/protocol";

const IN_FLIGHT = 2;
/**
 * At most this many detections a second. The outline follows the page as smoothly at 20/s as
 * at 50/s, and auto-capture's hold is timed (0.8 s), not counted; unbounded, a fast phone spent
 * a whole core on the detector for nothing, battery and heat, and the text recognition that
 * runs while the person captures got less. A phone slower than this is not held back.
 */
export const MAX_DETECTIONS_PER_SECOND = 20;
const DETECTION_INTERVAL_MS = 1000 / MAX_DETECTIONS_PER_SECOND;

/**
 * Feeds downscaled video frames to the detector worker, at most two in flight
 * (so a slow phone drops frames instead of queueing them) and at most
 * MAX_DETECTIONS_PER_SECOND started a second, each with a full-resolution
 * patch of where the page last was (its focus), and reports the latest detection with the
 * page's effective resolution, the measured detections per second and worker time per
 * detection, and auto-capture and its state (null while it is off).
 */
export function useDetectionLoop(
  video: RefObject<HTMLVideoElement | null>,
  engine: ScanEngine,
  active: boolean,
  /** Null while auto-capture is switched off. */
  onAuto: ((d: LiveDetection) => void) | null,
  /** Still pixels per stream pixel (the camera's photo is larger than its video). */
  stillScale = 1,
) {
  const [detection, setDetection] = useState<LiveView | null>(null);
  const [dps, setDps] = useState(0);
  const [ms, setMs] = useState(0);
  const [autoState, setAutoState] = useState<AutoState>("armed");
  const auto = useRef(new AutoCapture());
  const started = useRef(false);
  const onAutoRef = useRef(onAuto);
  onAutoRef.current = onAuto;
  const scale = useRef(stillScale);
  scale.current = stillScale;
  /** Where the page was last seen: the next frame's focus patch is cut there. */
  const lastCorners = useRef<NormQuad | null>(null);

  useEffect(() => {
    if (!active) return;
    let stop = false;
    let count = 0, busy = 0, windowStart = performance.now();
    /** When the next detection may start: the frames in flight take turns at the interval. */
    let nextStart = 0;
    // Returning to the camera after a capture: the same page is still in view.
    if (started.current) auto.current.disarm(performance.now());
    setAutoState(auto.current.state);
    started.current = true;
    engine.resetTracker();
    const step = async () => {
      const v = video.current;
      if (stop) return;
      if (!v || v.readyState < 2 || !v.videoWidth) return void requestAnimationFrame(step);
      try {
        const last = lastCorners.current;
        const [frame, patch] = await Promise.all([grabDetectFrame(v), last ? grabFocusPatch(v, last) : null]);
        const found = await engine.detect(frame, patch ?? undefined);
        if (stop) return;
        lastCorners.current = found.corners;
        const stream = { width: v.videoWidth, height: v.videoHeight, stillScale: scale.current };
        const d: LiveView = { ...found, page: found.corners ? pageInView(found.corners, stream) : null };
        setDetection(d);
        count++;
        busy += d.ms;
        const now = performance.now();
        if (now - windowStart >= 1000) {
          setDps(Math.round((count * 10000) / (now - windowStart)) / 10);
          setMs(Math.round(busy / count));
          count = 0;
          busy = 0;
          windowStart = now;
        }
        const fire = onAutoRef.current;
        if (fire && auto.current.update(d, now)) fire(d);
        setAutoState(auto.current.state);
      } catch {
        // a dropped frame (e.g. the video was resizing): try the next one
      }
      const now = performance.now();
      nextStart = Math.max(now, nextStart + DETECTION_INTERVAL_MS);
      setTimeout(() => requestAnimationFrame(step), nextStart - now);
    };
    // Two frames in flight: the next frame is grabbed and transferred while the worker detects.
    for (let i = 0; i < IN_FLIGHT; i++) setTimeout(() => requestAnimationFrame(step), i * 16);
    return () => {
      stop = true;
    };
  }, [active, engine, video]);

  return { detection: active ? detection : null, dps, ms, autoState: onAuto ? autoState : null };
}
