"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * One page of a session full size, in a modal dialog (Escape closes it, focus stays inside):
 * previous/next (buttons, ← →), zoom (buttons, + − 0; the zoomed page scrolls, so a phone
 * pans it with a finger). The picture is the console's page endpoint, as the thumbnails use.
 */
export function PageViewer({ sessionId, pageCount, start, onClose }: { sessionId: string; pageCount: number; start: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState(start);
  const [zoom, setZoom] = useState(0);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // Keys are read on the window: a button that just became disabled (Next on the last page) drops focus out of the dialog.
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKeyRef.current(e);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
  const go = (n: number) => {
    if (n < 1 || n > pageCount) return;
    setPage(n);
    setZoom(0);
  };
  onKeyRef.current = onKey;
  function onKey(e: KeyboardEvent) {
    if (e.key === "ArrowRight") go(page + 1);
    else if (e.key === "ArrowLeft") go(page - 1);
    else if (e.key === "+" || e.key === "=") setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));
    else if (e.key === "-") setZoom((z) => Math.max(0, z - 1));
    else if (e.key === "0") setZoom(0);
    else return;
    e.preventDefault();
  }
  const src = `/v1/dashboard/sessions/${encodeURIComponent(sessionId)}/pages/${page}`;
  return (
    <dialog ref={dialog} className="c-viewer" aria-label={`Page ${page} of ${pageCount}`} onClose={onClose} data-testid="page-viewer">
      <div className="c-viewer__bar">
        <span className="c-viewer__title" aria-live="polite">
          Page {page} of {pageCount}
        </span>
        <Button variant="secondary" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page">
          ←
        </Button>
        <Button variant="secondary" onClick={() => go(page + 1)} disabled={page >= pageCount} aria-label="Next page">
          →
        </Button>
        <Button variant="secondary" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label="Zoom out">
          −
        </Button>
        <span className="c-viewer__zoom">{ZOOMS[zoom] * 100}%</span>
        <Button variant="secondary" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label="Zoom in">
          +
        </Button>
        <Button onClick={() => dialog.current?.close()} aria-label="Close page viewer">
          Close
        </Button>
      </div>
      <div className="c-viewer__stage" tabIndex={0} aria-label="Page picture, scrolls when zoomed">
        <img src={src} alt={`Page ${page}`} style={{ width: `${ZOOMS[zoom] * 100}%` }} className={zoom === 0 ? "c-viewer__img c-viewer__img--fit" : "c-viewer__img"} />
      </div>
    </dialog>
  );
}
