"use client";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../contract";
import { unread, type PageReading, type SettleOptions } from "../ocr/reading-queue";
import type { ReadingSession } from "../ocr/reading-session";

/**
 * The overall bound on waiting for text after "Send document": 30 s for each page still unread
 * then, and never less than 60 s. A phone 4x slower than our measuring machine reads a page in
 * about 7–10 s (docs/ocr.md), so only a stuck engine meets it; the person can send without the text long before
 * (`SKIP_OFFER_MS`). Pages unread at the bound go without text as `timed_out`.
 */
export const READING_BOUND_MS_PER_PAGE = 30_000;
export const READING_BOUND_MIN_MS = 60_000;
/** After this long waiting, the wait screen offers "Send without searchable text". */
export const SKIP_OFFER_MS = 4_000;

export const readingBoundMs = (unread: number) => Math.max(READING_BOUND_MIN_MS, READING_BOUND_MS_PER_PAGE * unread);

type Page = { id: string; page: Blob; mrc?: { mask: Blob }; ocrImage?: Blob };
/**
 * The picture recognition reads, at the page's full size: the filtered page as a lossless grey
 * PNG (it reads best, docs/ocr.md); failing that, the page itself, or for a layered (MRC) page,
 * whose `page` is a small preview, its 1-bit ink mask.
 */
const readable = (p: Page): Blob => p.ocrImage ?? p.mrc?.mask ?? p.page;

/**
 * Text recognition of the captured pages, with `options.ocr` on: each page is queued as soon
 * as it is saved, so it is read while the person captures the next. Off, it is nothing: the
 * recognition code is a chunk of its own that is never requested. `pending` counts pages still
 * being read (null without OCR).
 */
export function usePageReading(enabled: boolean, locale: Locale, pages: Page[]) {
  const [, setChanges] = useState(0);
  const [session, setSession] = useState<ReadingSession | null>(null);
  const loading = useRef<Promise<ReadingSession | null> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true, made: ReadingSession | null = null;
    loading.current = import("../ocr/reading-session")
      .then(({ startReading }) => {
        if (!live) return null;
        made = startReading(locale, window.location.origin, () => setChanges((n) => n + 1));
        setSession(made);
        return made;
      })
      .catch(() => null);
    return () => {
      live = false;
      made?.dispose();
      loading.current = null;
      setSession(null);
    };
  }, [enabled, locale]);

  useEffect(() => {
    if (!session) return;
    session.queue.keep(new Set(pages.map((p) => p.id)));
    for (const p of pages) session.queue.add(p.id, readable(p));
  }, [session, pages]);

  // Counted from the pages on screen, so a page just kept counts as unread from its first render.
  const pending = enabled ? pages.filter((p) => !session?.queue.isSettled(p.id, readable(p))).length : null;

  /**
   * Each page's reading for the document being sent, or null without OCR: waits for the pages
   * still being read, telling `onProgress`, until they are read, `skip` settles or the bound.
   */
  const settle = async (sent: Page[], wait: Omit<SettleOptions, "boundMs">): Promise<PageReading[] | null> => {
    if (!enabled) return null;
    const ready = await loading.current;
    if (!ready) return sent.map(() => unread("failed"));
    const pages = sent.map((p) => ({ id: p.id, page: readable(p) }));
    const left = pages.filter((p) => !ready.queue.isSettled(p.id, p.page)).length;
    return ready.queue.settle(pages, { ...wait, boundMs: readingBoundMs(left) });
  };

  return { pending, settle };
}
