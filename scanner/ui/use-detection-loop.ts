"use client";
import { useEffect, useRef, useState, type RefObject } from "react";
import { grabDetectFrame } from "../camera/grab-frame";
import { AutoCapture } from "../capture/guidance";
import type { ScanEngine } from "../worker/client";
import type { LiveDetection } from "../worker/protocol";

/**
 * Feeds downscaled video frames to the detector worker, one in flight at a time
 * (so a slow phone drops frames instead of queueing them), and reports the
 * latest detection, the measured detections per second, and auto-capture.
 */
export function useDetectionLoop(
  video: RefObject<HTMLVideoElement | null>,
  engine: ScanEngine,
  active: boolean,
  onAuto: (d: LiveDetection) => void,
) {
  const [detection, setDetection] = useState<LiveDetection | null>(null);
  const [dps, setDps] = useState(0);
  const auto = useRef(new AutoCapture());
  const onAutoRef = useRef(onAuto);
  onAutoRef.current = onAuto;

  useEffect(() => {
    if (!active) return;
    let stop = false;
    let count = 0, windowStart = performance.now();
    auto.current.hold(performance.now());
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
        const now = performance.now();
        if (now - windowStart >= 1000) {
          setDps(Math.round((count * 10000) / (now - windowStart)) / 10);
          count = 0;
          windowStart = now;
        }
        if (auto.current.update(d, now)) onAutoRef.current(d);
      } catch {
        // a dropped frame (e.g. the video was resizing): try the next one
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
    return () => {
      stop = true;
    };
  }, [active, engine, video]);

  return { detection: active ? detection : null, dps };
}
