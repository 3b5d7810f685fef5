"use client";
import { useEffect, useMemo, useState } from "react";
import type { Locale } from "../contract";
import { Recognizer } from "../ocr/recognizer";
import { ReadingQueue, type PageReading } from "../ocr/reading-queue";

/**
 * How long "Send document" may wait for pages still being read, per page sent: the cost of
 * text recognition the person may feel. Pages not read by then go without text (`timed_out`).
 */
export const READING_WAIT_MS_PER_PAGE = 2000;

/**
 * Text recognition of the captured pages, with `options.ocr` on: each page is queued as soon
 * as it is saved, so it is read while the person captures the next. Off, it is nothing: no
 * engine is created or fetched. `pending` counts pages still being read (the strip shows it).
 */
export function usePageReading(enabled: boolean, locale: Locale, pages: { id: string; page: Blob }[]) {
  const [pending, setPending] = useState(0);
  const queue = useMemo(() => {
    if (!enabled) return null;
    const recognizer = new Recognizer(locale, window.location.origin);
    const q: ReadingQueue = new ReadingQueue(recognizer, () => setPending(q.pending));
    return { q, recognizer };
  }, [enabled, locale]);

  useEffect(() => {
    if (!queue) return;
    queue.q.keep(new Set(pages.map((p) => p.id)));
    for (const p of pages) queue.q.add(p.id, p.page);
    setPending(queue.q.pending);
  }, [queue, pages]);

  useEffect(() => {
    // Load the engine while the person frames the first page, not after it.
    queue?.recognizer.warm();
    return () => queue?.recognizer.dispose();
  }, [queue]);

  /** Each page's reading for the document being sent, or null without OCR. */
  const settle = async (sent: { id: string; page: Blob }[]): Promise<PageReading[] | null> =>
    queue ? queue.q.settle(sent, READING_WAIT_MS_PER_PAGE * sent.length) : null;

  return { pending: queue ? pending : null, settle };
}
