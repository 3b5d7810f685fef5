"use client";
import { useEffect, useState } from "react";
import type { HostBridge } from "../bridge";
import type { Translate } from "../i18n";
import type { ScannerSettings } from "../settings";
import type { ScannerConfig } from "../upload/config";
import { FAILURE_TEXT } from "../upload/errors";
import { CameraView } from "./camera-view";
import { CornerEditor } from "./corner-editor";
import { FallbackPicker, isDesktop } from "./fallback-picker";
import { PageStrip } from "./page-strip";
import { ReadingScreen } from "./reading-screen";
import { MessageScreen } from "./status-screens";
import { useScanFlow } from "./use-scan-flow";

interface Props {
  cfg: ScannerConfig;
  settings: ScannerSettings;
  bridge: HostBridge;
  t: Translate;
}

/** Chooses the screen for the current phase; the camera stays mounted while pages are adjusted. */
export function ScannerScreens({ cfg, settings, bridge, t }: Props) {
  const f = useScanFlow(cfg, settings, bridge);
  const { phase, book } = f;
  const max = settings.options.maxPages;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (f.camera && isDesktop()) setQr(`/v1/sessions/${encodeURIComponent(cfg.session_id)}/qr?t=${encodeURIComponent(cfg.client_token)}`);
  }, [f.camera, cfg]);

  const cameraPhase = phase.name === "capture" || phase.name === "adjust" || phase.name === "processing";
  const strip = phase.name === "capture" && (
    <PageStrip t={t} pages={book.pages} pending={book.pending} max={max} onOpen={f.openPage} onRetake={f.retakePage}
      onDelete={(p) => void book.remove(p.id)} onMove={(p, d) => void book.move(p.id, d)} onSend={() => void f.send()} reading={f.reading} />
  );
  // Focus inside the frame never reaches the launcher's Escape handler: a framed scanner
  // takes Escape as Cancel itself (or as Close once the document is sent).
  const done = phase.name === "done";
  useEffect(() => {
    if (!bridge.framed) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && (done ? f.close() : f.cancel());
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [bridge.framed, done, f.close, f.cancel]);
  const cancel = bridge.framed && (
    <button type="button" className="ds-btn ds-btn-secondary" onClick={f.cancel}>{t("cancel")}</button>
  );

  return (
    <>
      {cameraPhase && !f.camera && (
        <CameraView t={t} settings={settings} engine={f.engine} engineProgress={f.progress} active={phase.name === "capture"}
          canCapture={book.restored && (book.count < max || !!f.replacing)} onCapture={(b, c) => void f.onFrame(b, c)} onUnavailable={f.cameraFailed}>
          {strip}
        </CameraView>
      )}
      {phase.name === "capture" && f.camera && (
        <FallbackPicker t={t} reason={f.camera} handoffQr={book.count ? null : qr} onFile={(file) => void f.onFile(file)}>
          {strip}
          {cancel}
        </FallbackPicker>
      )}
      {phase.name === "adjust" && (
        <CornerEditor key={phase.draft.url} t={t} draft={phase.draft} engine={f.engine}
          onConfirm={(c, filter, warnings, preview) => void f.confirm(phase.draft, c, filter, warnings, preview)} onRetake={() => f.retake(phase.draft)} />
      )}
      {phase.name === "processing" && <MessageScreen title={t("processing")} progress={null} />}
      {phase.name === "reading" && <ReadingScreen t={t} read={phase.read} total={phase.total} onSkip={f.sendWithoutText} />}
      {phase.name === "uploading" && (
        <MessageScreen title={phase.retrying ? t("retrying") : phase.progress === null ? t("preparing") : t("uploading", { p: phase.progress })}
          progress={phase.progress} />
      )}
      {phase.name === "done" && (
        <MessageScreen tone="done" title={t("doneTitle")} body={settings.completion.message ?? t("doneBody")}>
          {bridge.framed && <button type="button" className="ds-btn ds-btn-primary" onClick={f.close}>{t("close")}</button>}
        </MessageScreen>
      )}
      {phase.name === "error" && (
        <MessageScreen tone="error" title={t("title")} body={t(phase.kind === "scan" ? "errScan" : FAILURE_TEXT[phase.kind])}>
          {phase.retry && (
            <button type="button" className="ds-btn ds-btn-primary" onClick={f.tryAgain}>
              {t("tryAgain")}
            </button>
          )}
          {cancel}
        </MessageScreen>
      )}
    </>
  );
}
