"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CameraError, startCamera, type CameraControls as Camera, type CameraFailure } from "../camera/start-camera";
import { takeStill } from "../camera/take-still";
import { guidanceFor } from "../capture/guidance";
import type { Translate } from "../i18n";
import type { ScannerSettings } from "../settings";
import type { ScanEngine } from "../worker/client";
import type { LiveDetection, Located } from "../worker/protocol";
import { CameraControls } from "./camera-controls";
import { Overlay } from "./overlay";
import { useDetectionLoop } from "./use-detection-loop";

interface Props {
  t: Translate;
  settings: ScannerSettings;
  engine: ScanEngine;
  engineProgress: number;
  /** False while another screen covers the camera: detection pauses, the stream stays. */
  active: boolean;
  canCapture: boolean;
  /** `found` is the live detection at the moment of the capture, if any. */
  onCapture(frame: ImageBitmap, found: Located | null): void;
  onUnavailable(reason: CameraFailure): void;
  children?: ReactNode;
}

/** The live camera: preview at once, overlay once the detector is loaded, shutter always. */
export function CameraView({ t, settings, engine, engineProgress, active, canCapture, onCapture, onUnavailable, children }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [cam, setCam] = useState<Camera | null>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [autoOn, setAutoOn] = useState(true);
  const [busy, setBusy] = useState(false);
  const [stillKind, setStillKind] = useState<"photo" | "frame" | null>(null);
  const ready = engineProgress >= 100;

  useEffect(() => {
    let controls: Camera | null = null, gone = false;
    startCamera(video.current!).then((c) => (gone ? c.stop() : ((controls = c), setCam(c))),
      (err) => !gone && onUnavailable(err instanceof CameraError ? err.reason : "unavailable"));
    return () => {
      gone = true;
      controls?.stop();
    };
  }, [onUnavailable]);

  const capture = async (found: Located | null) => {
    const v = video.current;
    if (!v || busy || !canCapture || !v.videoWidth) return;
    setBusy(true);
    try {
      const still = await takeStill(v, cam?.stream.getVideoTracks()[0]);
      setStillKind(still.kind);
      onCapture(still.image, found && { ...found, corners: still.corners(found.corners) });
    } finally {
      setBusy(false);
    }
  };
  const { detection, dps, ms, autoState } = useDetectionLoop(video, engine, active && ready && !!cam, autoOn && canCapture ? (d) => void capture(located(d)) : null, cam?.stillScale);
  const hint = !ready ? null : busy ? "guideCapturing" : guidanceFor(detection, autoState);

  return (
    <section className="ds-camera" aria-label={t("title")} hidden={!active} data-dps={dps} data-detect-ms={ms} data-engine={ready ? "ready" : "loading"} data-still={stillKind ?? undefined}
      data-stream={cam ? `${size.w}x${size.h}` : undefined} data-page-dpi={detection?.page ? Math.round(detection.page.dpi) : undefined}
      data-focus={detection?.focus != null ? detection.focus.toFixed(2) : undefined}>
      <div className="ds-viewport">
        <video ref={video} className="ds-video" muted playsInline autoPlay
          onLoadedMetadata={(e) => setSize({ w: e.currentTarget.videoWidth, h: e.currentTarget.videoHeight })} />
        {ready && <Overlay detection={detection} width={size.w} height={size.h} />}
        {settings.options.showA4Hint && !detection?.corners && <div className="ds-a4-hint" aria-hidden="true" />}
        <p className="ds-guidance" role="status" aria-live="polite">
          {!cam ? t("startingCamera") : !canCapture ? t("maxPagesReached", { max: settings.options.maxPages })
            : hint ? t(hint) : t("loadingDetector", { p: engineProgress })}
        </p>
        {!ready && cam && <progress className="ds-engine-progress" max={100} value={engineProgress} aria-label={t("loadingDetector", { p: engineProgress })} />}
      </div>
      <CameraControls t={t} settings={settings} cam={cam} canShoot={!!cam && !busy && canCapture}
        onShutter={() => void capture(located(detection))} autoOn={autoOn} onAutoChange={setAutoOn} />
      {children}
    </section>
  );
}

function located(d: LiveDetection | null): Located | null {
  return d?.corners ? { corners: d.corners, confidence: d.confidence } : null;
}
