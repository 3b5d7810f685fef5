"use client";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { HostBridge } from "../bridge";
import { bridgeError } from "../bridge/error-code";
import type { CameraFailure } from "../camera/start-camera";
import { defaultFilter, type CaptureSource, type Filter, type PageWarning } from "../contract";
import { draftCorners } from "../capture/draft-corners";
import { encodeSource, imageSize } from "../capture/encode-source";
import { buildPageReport, keptCornerOrigin, type CaptureFacts } from "../page/report";
import { sendDocument } from "../capture/send-document";
import type { ScannerSettings } from "../settings";
import { reportFailure, type ScannerConfig } from "../upload/config";
import { ScanFailure, type FailureKind } from "../upload/errors";
import { takeEngine } from "./early-start";
import type { Located, NormQuad } from "../worker/protocol";
import type { Draft } from "./corner-editor";
import { usePages, type PageView } from "./use-pages";
import type { StoredPage, UnmadePage } from "../pages/page-store";
import { usePageReading } from "./use-page-reading";
import { flowReducer, giveUpReason, INITIAL_FLOW, isSending, retryAction } from "./scan-flow-state";

const DEFAULT_QUAD: NormQuad = [[0.08, 0.08], [0.92, 0.08], [0.92, 0.92], [0.08, 0.92]];
/** How long a capture waits for a detector still loading before the editor opens without it (the person then sets the corners). */
const ENGINE_WAIT_MS = 10_000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type { Phase } from "./scan-flow-state";

/**
 * The scanner's capture flow: the state is scan-flow-state.ts's pure reducer; this hook runs
 * the side effects (worker, page store, upload, bridge) and hands the view intents only.
 */
export function useScanFlow(cfg: ScannerConfig, settings: ScannerSettings, bridge: HostBridge) {
  const engine = useMemo(() => takeEngine(), []);
  const [progress, setProgress] = useState(0);
  const [state, dispatch] = useReducer(flowReducer, INITIAL_FLOW);
  // The phase as of the last render, for failures that arrive after the document was sent.
  const phase = useRef(state.phase);
  phase.current = state.phase;
  const startFilter = defaultFilter(settings.options);
  const book = usePages(cfg.session_id, startFilter);
  const reading = usePageReading(settings.options.ocr, settings.locale, book.pages);

  useEffect(() => {
    void engine.load(setProgress);
    return () => engine.dispose();
  }, [engine]);

  const openDraft = useCallback(async (source: Blob, width: number, height: number, live: Located | null, from: CaptureSource) => {
    // The still is searched again at a higher resolution and with every look, for sharper corners.
    // A shutter pressed before the detector finished loading waits for it (up to ENGINE_WAIT_MS):
    // opened without a search, the editor would offer the default inset quad, and a page taken
    // in a hurry would be cropped to the frame's shape.
    const ready = await Promise.race([engine.load().then(() => true, () => false), delay(ENGINE_WAIT_MS).then(() => false)]);
    const still = ready ? await engine.locate(source).catch(() => null) : null;
    const found = draftCorners(still, live);
    const confidence = found?.confidence ?? 0;
    dispatch({ type: "draft_opened", draft: {
      source, url: URL.createObjectURL(source), width, height, corners: found?.corners ?? DEFAULT_QUAD, confidence,
      filter: startFilter, facts: { source: from, corners: found ? "detected" : "default", confidence }, warnings: null,
    } });
  }, [engine, startFilter]);

  const fail = useCallback((kind: FailureKind | "scan") => {
    if (kind === "scan" && isSending(phase.current)) return; // the reducer ignores it too
    dispatch({ type: "failed", kind });
    bridge.post("error", { error: bridgeError(kind) });
  }, [bridge]);

  const onFrame = useCallback(async (frame: ImageBitmap, found: Located | null) => {
    try {
      const src = await encodeSource(engine, frame, progress >= 100);
      await openDraft(src.blob, src.width, src.height, found, "camera");
    } catch {
      fail("scan");
    }
  }, [engine, progress, openDraft, fail]);

  const onFile = useCallback(async (file: File) => {
    try {
      const { width, height } = await imageSize(file);
      await openDraft(file, width, height, null, "file");
    } catch {
      fail("scan");
    }
  }, [openDraft, fail]);

  /** The full-resolution page of a kept page: straightened, filtered, encoded, with its report. */
  const makePage = useCallback(async (kept: Omit<StoredPage, "page" | "format" | "width" | "height" | "dpi" | "createdAt">, unmade: UnmadePage): Promise<StoredPage> => {
    await engine.load();
    const out = await engine.warp(kept.source, kept.corners, { filter: kept.filter, ocrImage: settings.options.ocr });
    const facts = { ...unmade.facts, corners: keptCornerOrigin(unmade.facts.corners, unmade.openedCorners, kept.corners) };
    const { unmade: _unmade, ...page } = kept as StoredPage;
    return {
      ...page, page: out.blob, format: out.format, ...(out.mrc ? { mrc: out.mrc } : {}), ...(out.pdfThumb ? { pdfThumb: out.pdfThumb } : {}), ...(out.ocrImage ? { ocrImage: out.ocrImage } : {}), width: out.width, height: out.height, dpi: out.dpi,
      report: buildPageReport(facts, kept.filter, out, unmade.warnings), createdAt: Date.now(),
    };
  }, [engine, settings.options.ocr]);

  /**
   * Keeps the page. A new page with a preview goes to the strip at once (the preview as its
   * thumbnail, stored as not yet made, so a reload makes it again) and the camera comes back
   * while the worker makes the full page; re-doing a page, or a page without a preview, waits.
   */
  const confirm = useCallback(async (draft: Draft, corners: NormQuad, filter: Filter, warnings: PageWarning[], preview: Blob | null) => {
    URL.revokeObjectURL(draft.url);
    const old = book.pages.find((p) => p.id === draft.replaceId);
    const kept = { id: old?.id ?? crypto.randomUUID(), session: cfg.session_id, order: old?.order ?? book.nextOrder, source: draft.source, corners, filter };
    const unmade: UnmadePage = { facts: draft.facts, openedCorners: draft.corners, warnings };
    const pageCount = book.count + (old ? 0 : 1);
    try {
      if (preview && !old) {
        const stored = book.stage({ ...kept, page: preview, format: "jpeg", width: 0, height: 0, dpi: 0, createdAt: Date.now(), unmade }, makePage(kept, unmade));
        bridge.post("page_captured", { page_count: pageCount });
        dispatch({ type: "page_saved" });
        await stored;
      } else {
        dispatch({ type: "crop_started" });
        await book.save(await makePage(kept, unmade));
        bridge.post("page_captured", { page_count: pageCount });
        dispatch({ type: "page_saved" });
      }
    } catch {
      fail("scan");
    }
  }, [book, cfg, bridge, fail, makePage]);

  // Pages a reload found kept but not made are made again, as when they were kept.
  const { unmade: restoredUnmade, stage } = book;
  useEffect(() => {
    for (const p of restoredUnmade) {
      if (p.unmade) void stage(p, makePage(p, p.unmade)).catch(() => fail("scan"));
    }
  }, [restoredUnmade, stage, makePage, fail]);

  const retake = useCallback((draft?: Draft) => {
    if (draft) URL.revokeObjectURL(draft.url);
    dispatch({ type: "retake", draft });
  }, []);

  const openPage = useCallback((p: PageView) => {
    dispatch({ type: "page_opened", draft: {
      source: p.source, url: URL.createObjectURL(p.source), width: 0, height: 0, corners: p.corners, confidence: 1,
      filter: p.filter, facts: reopenedFacts(p), warnings: p.report?.warnings ?? [], replaceId: p.id,
    } });
    void imageSize(p.source).then((size) => dispatch({ type: "draft_sized", replaceId: p.id, ...size }));
  }, []);

  const retakePage = useCallback((p: PageView) => dispatch({ type: "retake_page", id: p.id }), []);
  const cameraFailed = useCallback((reason: CameraFailure) => dispatch({ type: "camera_failed", reason }), []);

  // Settles the wait for text after Send: the person chose "Send without searchable text".
  const skipReading = useRef<(() => void) | null>(null);
  const sendWithoutText = useCallback(() => skipReading.current?.(), []);

  const send = useCallback(async () => {
    dispatch({ type: "upload_started" });
    try {
      const kept = await book.settled();
      const readings = await reading.settle(kept, {
        skip: new Promise<void>((resolve) => (skipReading.current = resolve)),
        onProgress: (read, total) => read < total && dispatch({ type: "reading_progress", read, total }),
      });
      skipReading.current = null;
      dispatch({ type: "upload_started" });
      const pages = readings ? kept.map((p, i) => ({ ...p, reading: readings[i] })) : kept;
      const result = await sendDocument(cfg, settings, pages, {
        onProgress: (fraction) => dispatch({ type: "upload_progress", fraction }),
        onRetry: () => dispatch({ type: "upload_retrying" }),
      });
      await book.clear();
      engine.dispose(); // nothing left to detect: free the worker
      dispatch({ type: "completed", result });
      bridge.post("completed", { result });
    } catch (err) {
      fail(err instanceof ScanFailure ? err.kind : "generic");
    }
  }, [cfg, settings, book, bridge, fail, engine, reading]);

  /** "Try again" on an error screen: resend the document, or back to the camera. */
  const tryAgain = useCallback(() => {
    const action = retryAction(state.phase);
    if (action === "send") void send();
    else if (action === "capture") dispatch({ type: "resume" });
  }, [state.phase, send]);

  /** The person gives up: tell the service (unrecoverable) and the host page. */
  const cancel = useCallback(() => {
    const reason = giveUpReason(state);
    if (reason) reportFailure(cfg, reason);
    bridge.post("cancelled", {});
  }, [state, cfg, bridge]);

  /** The person dismisses the done screen: the launcher closes the frame (no cancel). */
  const close = useCallback(() => bridge.post("closed", {}), [bridge]);

  return {
    engine, progress, phase: state.phase, replacing: state.replacing, camera: state.camera, book, reading: reading.pending,
    cameraFailed, onFrame, onFile, confirm, retake, openPage, retakePage, send, sendWithoutText, tryAgain, cancel, close,
  };
}

/** A re-opened page keeps how it was captured; one kept by an older scanner counts as set by hand. */
function reopenedFacts(p: PageView): CaptureFacts {
  const r = p.report;
  return r ? { source: r.source, corners: r.corners, confidence: r.confidence } : { source: "camera", corners: "adjusted", confidence: 1 };
}
