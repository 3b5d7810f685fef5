"use client";
import { useState } from "react";
import type { CameraControls as Camera } from "../camera/start-camera";
import type { Translate } from "../i18n";
import type { ScannerSettings } from "../settings";

interface Props {
  t: Translate;
  settings: ScannerSettings;
  cam: Camera | null;
  canShoot: boolean;
  onShutter(): void;
  autoOn: boolean;
  onAutoChange(on: boolean): void;
}

/** The bar under the preview: torch and zoom (when allowed and supported), shutter, auto-capture. */
export function CameraControls({ t, settings, cam, canShoot, onShutter, autoOn, onAutoChange }: Props) {
  const [torch, setTorch] = useState(false);
  const toggleTorch = () => {
    setTorch(!torch);
    void cam?.setTorch(!torch);
  };
  return (
    <div className="ds-controls">
      <div className="ds-camera-tools">
        {settings.options.showFlash && cam?.torch && (
          <button type="button" className="ds-icon-btn" aria-pressed={torch} onClick={toggleTorch}>
            {torch ? t("torchOff") : t("torchOn")}
          </button>
        )}
        {settings.options.showZoom && cam?.zoom && (
          <label className="ds-zoom">{t("zoom")}
            <input type="range" min={cam.zoom.min} max={cam.zoom.max} step={cam.zoom.step} defaultValue={cam.zoom.value}
              onChange={(e) => void cam.setZoom(Number(e.currentTarget.value))} />
          </label>
        )}
      </div>
      <button type="button" className="ds-shutter" onClick={onShutter} disabled={!canShoot} aria-label={t("shutter")}>
        <span aria-hidden="true" />
      </button>
      <label className="ds-toggle">
        <input type="checkbox" checked={autoOn} onChange={(e) => onAutoChange(e.currentTarget.checked)} /> {t("autoCapture")}
      </label>
    </div>
  );
}
