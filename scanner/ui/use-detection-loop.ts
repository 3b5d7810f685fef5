"use client";
import { useEffect, useRef, useState, type RefObject } from "react";
import { grabDetectFrame } from "../camera/grab-frame";
import { AutoCapture, type AutoState } from "../capture/guidance";
import type { ScanEngine } from "../worker/client";
import type { LiveDetection } from "../worker/protocol";

const IN_FLIGHT = 2;

/**
 * Feeds downscaled video frames to the detector worker, at most two in flight
 * (so a slow phone drops frames instead of queueing them), and reports the
 * latest detection, the measured detections per second and worker time per
 * detection, and auto-capture and its state (null while it is off).
 */
export function useDetectionLoop(
  video: RefObject<HTMLVideoElement | null>,
  engine: ScanEngine,
  active: boolean,
  /** Null while auto-capture is switched off. */
  onAuto: ((d: LiveDetection) => void) | null,
) {
  const [detection, setDetection] = useState<LiveDetection | null>(null);
  const [dps, setDps] = useState(0);
  const [ms, setMs] = useState(0);
  const [autoState, setAutoState] = useState<AutoState>("armed");
  const auto = useRef(new AutoCapture());
  const started = useRef(false);
  const onAutoRef = useRef(onAuto);
  onAutoRef.current = onAuto;

  useEffect(() => {
    if (!active) return;
    let stop = false;
    let count = 0, busy = 0, windowStart = performance.now();
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
        const d = await engine.detect(await grabDetectFrame(v));
        if (stop) return;
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
      setTimeout(step, 0);
    };
    // Two frames in flight: the next frame is grabbed and transferred while the worker detects.
    for (let i = 0; i < IN_FLIGHT; i++) setTimeout(() => requestAnimationFrame(step), i * 16);
    return () => {
      stop = true;
    };
  }, [active, engine, video]);

  return { detection: active ? detection : null, dps, ms, autoState: onAuto ? autoState : null };
}
