"use client";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../contract";
import type { PageReading } from "../ocr/reading-queue";
import type { ReadingSession } from "../ocr/reading-session";

/**
 * How long "Send document" may wait for pages still being read, per page sent: the cost of
 * text recognition the person may feel. Pages not read by then go without text (`timed_out`).
 */
export const READING_WAIT_MS_PER_PAGE = 2000;

type Page = { id: string; page: Blob; mrc?: { mask: Blob } };
/**
 * The picture recognition reads, at the page's full size: the page itself, or for a layered
 * (MRC) page, whose `page` is a small preview, its 1-bit ink mask.
 */
const readable = (p: Page): Blob => p.mrc?.mask ?? p.page;
const FAILED: PageReading = { text: { status: "failed", text: "", confidence: 0, truncated: false }, read: null };

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

  /** Each page's reading for the document being sent, or null without OCR. */
  const settle = async (sent: Page[]): Promise<PageReading[] | null> => {
    if (!enabled) return null;
    const ready = await loading.current;
    return ready ? ready.queue.settle(sent.map((p) => ({ id: p.id, page: readable(p) })), READING_WAIT_MS_PER_PAGE * sent.length) : sent.map(() => FAILED);
  };

  return { pending, settle };
}
