"use client";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { HostBridge } from "../bridge";
import { bridgeError } from "../bridge/error-code";
import type { CameraFailure } from "../camera/start-camera";
import { encodeSource, imageSize } from "../capture/encode-source";
import { sendDocument } from "../capture/send-document";
import type { ScannerSettings } from "../settings";
import { reportFailure, type ScannerConfig } from "../upload/config";
import { ScanFailure, type FailureKind } from "../upload/errors";
import type { ScanResult } from "../upload/upload-pdf";
import { ScanEngine } from "../worker/client";
import type { Located, NormQuad } from "../worker/protocol";
import type { Draft } from "./corner-editor";
import { usePages, type PageView } from "./use-pages";

export type Phase =
  | { name: "capture" }
  | { name: "adjust"; draft: Draft }
  | { name: "processing" }
  | { name: "uploading"; progress: number | null; retrying: boolean }
  | { name: "done"; result: ScanResult }
  | { name: "error"; kind: FailureKind | "scan"; retry: boolean };

const DEFAULT_QUAD: NormQuad = [[0.08, 0.08], [0.92, 0.08], [0.92, 0.92], [0.08, 0.92]];
const FATAL: FailureKind[] = ["expired", "used", "invalid"];

/** The scanner's state machine: capture → adjust → pages → upload → done. */
export function useScanFlow(cfg: ScannerConfig, settings: ScannerSettings, bridge: HostBridge) {
  const engine = useMemo(() => new ScanEngine(), []);
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<Phase>({ name: "capture" });
  const [camera, setCamera] = useState<CameraFailure | null>(null);
  const [replacing, setReplacing] = useState<string | undefined>(undefined);
  const book = usePages(cfg.session_id);

  useEffect(() => {
    void engine.load(setProgress);
    return () => engine.dispose();
  }, [engine]);

  const openDraft = useCallback(async (source: Blob, width: number, height: number, live: Located | null) => {
    // The still is searched again at a higher resolution than the live frames, for sharper corners.
    const still = progress >= 100 ? await engine.locate(source).catch(() => null) : null;
    const found = still && (!live || nearQuad(still.corners, live.corners)) ? still : live;
    setPhase({ name: "adjust", draft: {
      source, url: URL.createObjectURL(source), width, height, corners: found?.corners ?? DEFAULT_QUAD,
      confidence: found?.confidence ?? 0, enhance: false, replaceId: replacing,
    } });
  }, [engine, progress, replacing]);

  const fail = useCallback((kind: FailureKind | "scan", retry: boolean) => {
    setPhase({ name: "error", kind, retry });
    bridge.post("error", { error: bridgeError(kind) });
  }, [bridge]);

  const onFrame = useCallback(async (frame: ImageBitmap, found: Located | null) => {
    try {
      const src = await encodeSource(engine, frame, progress >= 100);
      await openDraft(src.blob, src.width, src.height, found);
    } catch {
      fail("scan", true);
    }
  }, [engine, progress, openDraft, fail]);

  const onFile = useCallback(async (file: File) => {
    try {
      const { width, height } = await imageSize(file);
      await openDraft(file, width, height, null);
    } catch {
      fail("scan", true);
    }
  }, [openDraft, fail]);

  const closeDraft = (d: Draft) => URL.revokeObjectURL(d.url);

  const confirm = useCallback(async (draft: Draft, corners: NormQuad, enhance: boolean) => {
    closeDraft(draft);
    setPhase({ name: "processing" });
    try {
      await engine.load();
      const out = await engine.warp(draft.source, corners, { grayscale: settings.options.grayscale, enhance });
      const old = book.pages.find((p) => p.id === draft.replaceId);
      await book.save({
        id: old?.id ?? crypto.randomUUID(), session: cfg.session_id, order: old?.order ?? book.nextOrder,
        source: draft.source, corners, enhance, page: out.blob, width: out.width, height: out.height, createdAt: Date.now(),
      });
      setReplacing(undefined);
      bridge.post("page_captured", { page_count: book.pages.length + (old ? 0 : 1) });
      setPhase({ name: "capture" });
    } catch {
      fail("scan", true);
    }
  }, [engine, settings, book, cfg, bridge, fail]);

  const retake = useCallback((draft?: Draft) => {
    if (draft) closeDraft(draft);
    if (!draft?.replaceId) setReplacing(undefined);
    setPhase({ name: "capture" });
  }, []);

  const openPage = useCallback((p: PageView) => {
    setReplacing(p.id);
    setPhase({ name: "adjust", draft: { source: p.source, url: URL.createObjectURL(p.source), width: 0, height: 0, corners: p.corners, confidence: 1, enhance: p.enhance, replaceId: p.id } });
    void imageSize(p.source).then((s) => setPhase((ph) => (ph.name === "adjust" && ph.draft.replaceId === p.id ? { ...ph, draft: { ...ph.draft, ...s } } : ph)));
  }, []);

  const retakePage = useCallback((p: PageView) => {
    setReplacing(p.id);
    setPhase({ name: "capture" });
  }, []);

  const send = useCallback(async () => {
    setPhase({ name: "uploading", progress: null, retrying: false });
    try {
      const result = await sendDocument(cfg, settings, book.pages, {
        onProgress: (f) => setPhase({ name: "uploading", progress: Math.round(f * 100), retrying: false }),
        onRetry: () => setPhase({ name: "uploading", progress: null, retrying: true }),
      });
      await book.clear();
      engine.dispose(); // nothing left to detect: free the worker
      setPhase({ name: "done", result });
      bridge.post("completed", { result });
    } catch (err) {
      const kind = err instanceof ScanFailure ? err.kind : "generic";
      fail(kind, !FATAL.includes(kind));
    }
  }, [cfg, settings, book, bridge, fail, engine]);

  /** The person gives up: tell the service (unrecoverable) and the host page. */
  const cancel = useCallback(() => {
    const ph = phase;
    if (ph.name === "error") reportFailure(cfg, ph.kind === "scan" ? "scan_error" : "upload_error");
    else if (camera) reportFailure(cfg, "camera_unavailable");
    bridge.post("cancelled", {});
  }, [phase, camera, cfg, bridge]);

  /** The person dismisses the done screen: the launcher closes the frame (no cancel). */
  const close = useCallback(() => bridge.post("closed", {}), [bridge]);

  return { engine, progress, phase, replacing, setPhase, camera, setCamera, book, onFrame, onFile, confirm, retake, openPage, retakePage, send, cancel, close };
}

/** True when every corner is within 5% of the frame of its counterpart. */
function nearQuad(a: NormQuad, b: NormQuad): boolean {
  return a.every(([x, y], k) => Math.hypot(x - b[k][0], y - b[k][1]) < 0.05);
}
