"use client";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { StringKey, Translate } from "../i18n";
import type { NormQuad } from "../worker/protocol";
import { containRect, fromStage } from "./letterbox";
import { AUTO_CAPTURE_CONFIDENCE } from "../capture/guidance";

export interface Draft {
  source: Blob;
  url: string;
  width: number;
  height: number;
  corners: NormQuad;
  /** The detector's confidence in `corners` (0 when it found nothing, 1 for corners the person set). */
  confidence: number;
  enhance: boolean;
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
  onConfirm(corners: NormQuad, enhance: boolean): void;
  onRetake(): void;
}

/** Lets the person drag (or arrow-key) the four corners before the page is straightened. */
export function CornerEditor({ t, draft, onConfirm, onRetake }: Props) {
  const [corners, setCorners] = useState<NormQuad>(draft.corners);
  const [enhance, setEnhance] = useState(draft.enhance);
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

  return (
    <section className="ds-screen ds-adjust" aria-labelledby="ds-adjust-title">
      <h1 id="ds-adjust-title" className="ds-title">{t("adjustTitle")}</h1>
      {draft.confidence < AUTO_CAPTURE_CONFIDENCE && <p className="ds-check" role="status">{t("adjustCheck")}</p>}
      <p id="ds-adjust-help" className="ds-help">{t("adjustHelp")}</p>
      <div ref={stage} className="ds-adjust-stage">
        {draft.width > 0 && fit.width > 0 && <div className="ds-adjust-box" data-fit={`${Math.round(fit.width)}x${Math.round(fit.height)}`}
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
      </div>
      <label className="ds-toggle ds-toggle-light">
        <input type="checkbox" checked={enhance} onChange={(e) => setEnhance(e.currentTarget.checked)} /> {t("documentFilter")}
      </label>
      <div className="ds-actions">
        <button type="button" className="ds-btn ds-btn-secondary" onClick={onRetake}>{t("retake")}</button>
        <button type="button" className="ds-btn ds-btn-primary" onClick={() => onConfirm(corners, enhance)}>{t("usePage")}</button>
      </div>
    </section>
  );
}
