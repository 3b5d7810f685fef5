"use client";
import { useEffect, useRef, useState } from "react";
import type { Filter } from "../contract";
import type { ScanEngine } from "../worker/client";
import type { NormQuad, PageMeasures } from "../worker/protocol";

/** Long side of the editor's preview: enough to judge the filter, cheap enough to redo as corners move. */
export const PREVIEW_SIDE = 720;
/** Wait this long after the last corner move or filter change before straightening again. */
export const PREVIEW_DEBOUNCE_MS = 250;

export interface PagePreview {
  /** Object URL of the latest preview; revoked when replaced and when the editor closes. */
  url: string | null;
  /** The preview's picture itself: the page strip shows it while the full page is made. */
  blob: Blob | null;
  /** The corners, filter and measures of the page that preview shows. */
  corners: NormQuad | null;
  filter: Filter | null;
  measures: PageMeasures | null;
  /** Pixels per inch the full page will have (the preview itself is smaller). */
  dpi: number | null;
  /** Previews made so far (tests wait on it). */
  count: number;
}

/**
 * A low-resolution copy of the page as "Use this page" would make it: straightened in the
 * worker with the editor's corners and filter, at once on opening and then debounced. Only the
 * newest answer is shown; a failed preview leaves the last one (the page itself is still made
 * at full resolution on confirm).
 */
export function usePagePreview(engine: ScanEngine, source: Blob, corners: NormQuad, filter: Filter): PagePreview {
  const [shown, setShown] = useState<PagePreview>({ url: null, blob: null, corners: null, filter: null, measures: null, dpi: null, count: 0 });
  const latest = useRef(0);
  const url = useRef<string | null>(null);
  const closed = useRef(false);

  useEffect(() => {
    const n = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        await engine.load();
        const out = await engine.warp(source, corners, { filter, maxSide: PREVIEW_SIDE });
        if (n !== latest.current || closed.current) return;
        const old = url.current;
        url.current = URL.createObjectURL(out.blob);
        setShown((s) => ({ url: url.current, blob: out.blob, corners, filter, measures: out.measures, dpi: out.dpi, count: s.count + 1 }));
        if (old) URL.revokeObjectURL(old);
      } catch {
        // keep the last preview
      }
    }, url.current ? PREVIEW_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [engine, source, corners, filter]);

  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = null;
    };
  }, []);

  return shown;
}

/** The preview's picture when it shows exactly this page (same corners and filter), else null. */
export function previewOf(preview: PagePreview, corners: NormQuad, filter: Filter): Blob | null {
  const same = preview.filter === filter && preview.corners?.every((p, i) => p[0] === corners[i][0] && p[1] === corners[i][1]);
  return same ? preview.blob : null;
}
