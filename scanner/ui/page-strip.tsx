"use client";
import type { Translate } from "../i18n";
import type { PageView, PendingPage } from "./use-pages";

interface Props {
  t: Translate;
  pages: PageView[];
  /** Kept pages still being made: shown with their preview, not yet to be opened or moved. */
  pending: PendingPage[];
  max: number;
  onOpen(p: PageView): void;
  onRetake(p: PageView): void;
  onDelete(p: PageView): void;
  onMove(p: PageView, delta: -1 | 1): void;
  onSend(): void;
  /** Pages whose text is still being read (null without OCR): shown to scripts as `data-reading`. */
  reading?: number | null;
}

/** The captured pages: review (open to re-crop), retake, delete, reorder, then send. */
export function PageStrip({ t, pages, pending, max, onOpen, onRetake, onDelete, onMove, onSend, reading = null }: Props) {
  const count = pages.length + pending.length;
  if (count === 0) return null;
  return (
    <nav className="ds-strip" aria-label={t("pagesTitle")} data-reading={reading ?? undefined}>
      <p className="ds-strip-count">{count >= max ? t("maxPagesReached", { max }) : t("pageCount", { n: count, max })}</p>
      <ol className="ds-strip-list">
        {pages.map((p, i) => (
          <li key={p.id} className="ds-strip-item">
            <button type="button" className="ds-thumb" onClick={() => onOpen(p)} aria-label={t("pageN", { n: i + 1 })}>
              <img src={p.thumb} alt="" />
              <span aria-hidden="true">{i + 1}</span>
            </button>
            <div className="ds-thumb-tools">
              <button type="button" onClick={() => onMove(p, -1)} disabled={i === 0} aria-label={t("movePageEarlier", { n: i + 1 })}>‹</button>
              <button type="button" onClick={() => onRetake(p)} aria-label={t("retakePage", { n: i + 1 })}>↺</button>
              <button type="button" onClick={() => onDelete(p)} aria-label={t("deletePage", { n: i + 1 })}>✕</button>
              <button type="button" onClick={() => onMove(p, 1)} disabled={i === pages.length - 1} aria-label={t("movePageLater", { n: i + 1 })}>›</button>
            </div>
          </li>
        ))}
        {pending.map((p, i) => (
          <li key={p.id} className="ds-strip-item">
            <span className="ds-thumb" role="img" aria-busy="true" aria-label={t("pageN", { n: pages.length + i + 1 })}>
              <img src={p.thumb} alt="" />
              <span aria-hidden="true">{pages.length + i + 1}</span>
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className="ds-btn ds-btn-primary ds-send" onClick={onSend}>{t("send")}</button>
    </nav>
  );
}
