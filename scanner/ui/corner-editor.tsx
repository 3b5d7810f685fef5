"use client";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Filter, PageWarning } from "../contract";
import type { StringKey, Translate } from "../i18n";
import type { ScanEngine } from "../worker/client";
import type { NormQuad } from "../worker/protocol";
import { containRect, fromStage } from "./letterbox";
import { AUTO_CAPTURE_CONFIDENCE } from "../capture/guidance";
import type { CaptureFacts } from "../page/report";
import { pageWarnings } from "../capture/quality";
import { CapturePrompt, FilterChoice, PreviewToggle, PreviewView } from "./adjust-tools";
import { previewOf, usePagePreview } from "./use-page-preview";

export interface Draft {
  source: Blob;
  url: string;
  width: number;
  height: number;
  corners: NormQuad;
  /** The detector's confidence in `corners` (0 when it found nothing, 1 for corners the person set). */
  confidence: number;
  /** The filter the editor opens with: the session's default, or a re-opened page's own. */
  filter: Filter;
  /** For the page report: the picture's source, how `corners` were set, the detector's confidence. */
  facts: CaptureFacts;
  /** Prompts already settled (a re-opened page's kept warnings); null for a new capture, measured on the preview. */
  warnings: PageWarning[] | null;
  /** Set when re-doing an existing page. */
  replaceId?: string;
}

const NAMES: StringKey[] = ["cornerTL", "cornerTR", "cornerBR", "cornerBL"];
const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** Half a handle (44 px): the still keeps this far from the stage's edges so no handle leaves it. */
const HANDLE_RADIUS = 22;

interface Props {
  t: Translate;
  draft: Draft;
  engine: ScanEngine;
  /**
   * `warnings`: the prompts shown that the person kept the page despite; `preview`: the
   * editor's low-resolution picture of exactly this page, when it has one.
   */
  onConfirm(corners: NormQuad, filter: Filter, warnings: PageWarning[], preview: Blob | null): void;
  onRetake(): void;
}

/**
 * Lets the person drag (or arrow-key) the four corners and choose the filter before the page
 * is straightened, with a live preview of the result; a new capture's first preview is
 * measured, and a blurry, dark, glaring or too small one prompts to retake.
 */
export function CornerEditor({ t, draft, engine, onConfirm, onRetake }: Props) {
  const [corners, setCorners] = useState<NormQuad>(draft.corners);
  const [filter, setFilter] = useState(draft.filter);
  const [warnings, setWarnings] = useState(draft.warnings);
  const [showPreview, setShowPreview] = useState(false);
  const preview = usePagePreview(engine, draft.source, corners, filter);
  const { measures, dpi } = preview;
  useEffect(() => {
    if (measures && dpi !== null) setWarnings((w) => w ?? pageWarnings(measures, dpi));
  }, [measures, dpi]);
  const prompted = warnings ?? [];
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = stage.current!;
    const measure = () => setStageSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The still at its own aspect ratio, letterboxed; handles and pointer share this one transform.
  const fit = containRect(stageSize.w, stageSize.h, draft.width, draft.height, HANDLE_RADIUS);

  const set = (k: number, x: number, y: number) =>
    setCorners((c) => c.map((p, i) => (i === k ? [clamp(x), clamp(y)] : p)) as NormQuad);
  const drag = (k: number) => (e: PointerEvent<HTMLButtonElement>) => {
    if (e.type === "pointerdown") e.currentTarget.setPointerCapture(e.pointerId);
    else if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const r = stage.current!.getBoundingClientRect();
    const [x, y] = fromStage(fit, [e.clientX - r.left, e.clientY - r.top]);
    set(k, x, y);
  };
  const nudge = (k: number) => (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.02 : 0.005;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!d) return;
    e.preventDefault();
    set(k, corners[k][0] + d[0], corners[k][1] + d[1]);
  };

  const warn = draft.warnings === null && prompted.length > 0;

  return (
    <section className="ds-screen ds-adjust" aria-labelledby="ds-adjust-title" data-measured={warnings !== null}>
      {draft.warnings === null && <CapturePrompt t={t} warnings={prompted} />}
      <h1 id="ds-adjust-title" className="ds-title">{t("adjustTitle")}</h1>
      {draft.confidence < AUTO_CAPTURE_CONFIDENCE && <p className="ds-check" role="status">{t("adjustCheck")}</p>}
      <p id="ds-adjust-help" className="ds-help">{t("adjustHelp")}</p>
      <div ref={stage} className="ds-adjust-stage">
        {draft.width > 0 && fit.width > 0 && <div className="ds-adjust-box" inert={showPreview} data-fit={`${Math.round(fit.width)}x${Math.round(fit.height)}`}
          style={{ left: fit.x, top: fit.y, width: fit.width, height: fit.height }}>
          <img src={draft.url} alt="" className="ds-adjust-img" draggable={false} />
          <svg className="ds-adjust-quad" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">
            <polygon points={corners.map(([x, y]) => `${x},${y}`).join(" ")} vectorEffect="non-scaling-stroke" />
          </svg>
          {corners.map(([x, y], k) => (
            <button key={k} type="button" className="ds-handle" style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
              aria-label={t(NAMES[k])} aria-describedby="ds-adjust-help" data-corner={k}
              onPointerDown={drag(k)} onPointerMove={drag(k)} onKeyDown={nudge(k)} />
          ))}
        </div>}
        {showPreview && <PreviewView t={t} preview={preview} />}
      </div>
      <div className="ds-adjust-tools">
        <PreviewToggle t={t} preview={preview} open={showPreview} onToggle={() => setShowPreview(!showPreview)} />
        <FilterChoice t={t} value={filter} onChange={setFilter} />
      </div>
      <div className="ds-actions">
        <button type="button" className={`ds-btn ${warn ? "ds-btn-primary" : "ds-btn-secondary"}`} onClick={onRetake}>{t("retake")}</button>
        <button type="button" className={`ds-btn ${warn ? "ds-btn-secondary" : "ds-btn-primary"}`}
          onClick={() => onConfirm(corners, filter, draft.warnings ?? prompted, previewOf(preview, corners, filter))}>{t("usePage")}</button>
      </div>
    </section>
  );
}
