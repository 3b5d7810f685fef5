"use client";
import { useId } from "react";
import type { Translate } from "../i18n";
import type { CameraFailure } from "../camera/start-camera";

interface Props {
  t: Translate;
  reason: CameraFailure;
  /** Show the QR hand-off (a desktop without a camera). */
  handoffQr: string | null;
  onFile(file: File): void;
  children?: React.ReactNode;
}

/**
 * When the live camera is refused or missing: the device's own camera or photo
 * picker, and on a desktop the QR code to carry on with a phone.
 */
export function FallbackPicker({ t, reason, handoffQr, onFile, children }: Props) {
  const id = useId();
  return (
    <section className="ds-screen ds-fallback" data-screen="fallback" aria-labelledby={`${id}-t`}>
      <h1 id={`${id}-t`} className="ds-title">{t("title")}</h1>
      <p className="ds-body">{reason === "denied" ? t("cameraDenied") : reason === "insecure" ? t("cameraInsecure") : t("noCamera")}</p>
      <label className="ds-btn ds-btn-primary ds-file-label">
        {t("pickPhoto")}
        <input className="ds-file-input" type="file" accept="image/*" capture="environment"
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (f) onFile(f);
          }} />
      </label>
      {handoffQr && (
        <div className="ds-handoff">
          <h2 className="ds-subtitle">{t("handoffTitle")}</h2>
          <p className="ds-body">{t("handoffBody")}</p>
          <img className="ds-qr" src={handoffQr} alt={t("handoffAlt")} width={220} height={220} referrerPolicy="no-referrer" />
          {pointsAtLoopback() && <LoopbackNote />}
        </div>
      )}
      {children}
    </section>
  );
}

/** A desktop: no touch-first pointer and no mobile user agent. */
export function isDesktop(): boolean {
  return window.matchMedia("(pointer: fine)").matches && !/Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);
}

/**
 * The QR code encodes this page's own address (SCAN_URL_BASE). On a loopback host a phone
 * would open its own localhost, so the developer is told; in English, as it only ever shows
 * on a development install.
 */
function pointsAtLoopback(): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(window.location.hostname) || window.location.hostname.endsWith(".localhost");
}

function LoopbackNote() {
  return (
    <p className="ds-body ds-devnote" role="note" data-testid="handoff-loopback">
      Developer note: this QR code opens {window.location.origin}, which a phone cannot reach (it would open its own localhost). Set PUBLIC_BASE_URL to an address
      the phone can reach, such as the LAN address <code>npm start</code> prints or an https tunnel; the camera also needs https.
    </p>
  );
}
