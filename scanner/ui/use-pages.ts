"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Filter } from "../contract";
import { PageStore, type StoredPage } from "../pages/page-store";

export interface PageView extends StoredPage {
  /** Object URL of the corrected page; revoked when the page goes. */
  thumb: string;
}

/** A kept page whose full-resolution picture the worker is still making. */
export interface PendingPage {
  id: string;
  order: number;
  /** Object URL of the editor's preview of the page, shown until the page itself is ready. */
  thumb: string;
}

/**
 * The captured pages: persisted in IndexedDB as they are made (so a reload
 * restores them) and shown through object URLs that are revoked as soon as a
 * page is replaced or deleted, keeping memory flat over many pages. Pages an older scanner
 * kept without a filter get `defaultFilter`.
 */
export function usePages(session: string, defaultFilter: Filter) {
  const store = useRef<PageStore | null>(null);
  const [pages, setPages] = useState<PageView[]>([]);
  const [pending, setPending] = useState<PendingPage[]>([]);
  // Pages a reload found kept but not made: the scanner makes them again (`stage`).
  const [unmade, setUnmade] = useState<StoredPage[]>([]);
  const unmadeRef = useRef<StoredPage[]>([]);
  const [restored, setRestored] = useState(false);
  // The newest list and the pages still being made, for a send that has to wait for them.
  const latest = useRef<PageView[]>([]);
  latest.current = pages;
  const making = useRef(new Set<string>());
  const waiters = useRef<((pages: PageView[]) => void)[]>([]);

  useEffect(() => {
    let live = true;
    void PageStore.open().then(async (s) => {
      store.current = s;
      const saved = await s.list(session, defaultFilter);
      if (live) {
        setPages(saved.filter((p) => !p.unmade).map(view));
        unmadeRef.current = saved.filter((p) => p.unmade);
        setUnmade(unmadeRef.current);
      }
      setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [session, defaultFilter]);

  useEffect(() => () => setPages((ps) => (ps.forEach((p) => URL.revokeObjectURL(p.thumb)), ps)), []);

  /** Puts a stored page in the list, in place of the page (or pending page) with its id. */
  const show = useCallback((page: StoredPage) => {
    setPending((ps) => ps.filter((p) => p.id !== page.id));
    setPages((ps) => {
      const old = ps.find((p) => p.id === page.id);
      if (old) URL.revokeObjectURL(old.thumb);
      const next = old ? ps.map((p) => (p.id === page.id ? view(page) : p)) : [...ps, view(page)];
      return next.sort((a, b) => a.order - b.order);
    });
  }, []);

  const save = useCallback(async (page: StoredPage) => {
    await store.current?.put(page);
    show(page);
  }, [show]);

  /**
   * Shows a kept page at once with its preview as the thumbnail and stores it as not yet made
   * (`kept`: `unmade` set, `page` the preview), then stores the full page when `made`
   * resolves; a page that fails to be made leaves the strip and the store.
   */
  const stage = useCallback((kept: StoredPage, made: Promise<StoredPage>): Promise<void> => {
    const { id, order } = kept;
    const thumb = URL.createObjectURL(kept.page);
    making.current.add(id);
    unmadeRef.current = unmadeRef.current.filter((p) => p.id !== id);
    setUnmade(unmadeRef.current);
    // In the strip once stored: a page shown is a page a reload brings back.
    const stored = (store.current?.put(kept) ?? Promise.resolve()).finally(() => setPending((ps) => [...ps, { id, order, thumb }]));
    const done = made.then(async (page) => {
      await stored;
      await store.current?.put(page);
      making.current.delete(id);
      show(page);
    }, async (err: unknown) => {
      await stored.catch(() => undefined);
      await store.current?.remove(id).catch(() => undefined);
      making.current.delete(id);
      setPending((ps) => ps.filter((p) => p.id !== id));
      throw err;
    });
    return done.finally(() => URL.revokeObjectURL(thumb));
  }, [show]);

  // A send waits for the staged pages: it is answered after the render that shows the last one.
  useEffect(() => {
    if (making.current.size === 0 && unmadeRef.current.length === 0) waiters.current.splice(0).forEach((resolve) => resolve(pages));
  }, [pages, pending, unmade]);

  /** The pages, once every staged or restored-unmade page is stored (or has failed). */
  const settled = useCallback((): Promise<PageView[]> => {
    if (making.current.size === 0 && unmadeRef.current.length === 0) return Promise.resolve(latest.current);
    return new Promise((resolve) => waiters.current.push(resolve));
  }, []);

  const remove = useCallback(async (id: string) => {
    await store.current?.remove(id);
    setPages((ps) => {
      ps.filter((p) => p.id === id).forEach((p) => URL.revokeObjectURL(p.thumb));
      return ps.filter((p) => p.id !== id);
    });
  }, []);

  /** Swaps a page with its neighbour (`delta` -1 or +1), renumbering both. */
  const move = useCallback(async (id: string, delta: -1 | 1) => {
    const i = pages.findIndex((p) => p.id === id), j = i + delta;
    if (i < 0 || j < 0 || j >= pages.length) return;
    const a = { ...pages[i], order: pages[j].order }, b = { ...pages[j], order: pages[i].order };
    await Promise.all([store.current?.put(strip(a)), store.current?.put(strip(b))]);
    setPages((ps) => ps.map((p) => (p.id === a.id ? a : p.id === b.id ? b : p)).sort((x, y) => x.order - y.order));
  }, [pages]);

  const clear = useCallback(async () => {
    await store.current?.clear(session);
    unmadeRef.current = [];
    setUnmade([]);
    setPages((ps) => (ps.forEach((p) => URL.revokeObjectURL(p.thumb)), []));
  }, [session]);

  const nextOrder = Math.max(-1, ...pages.map((p) => p.order), ...pending.map((p) => p.order), ...unmade.map((p) => p.order)) + 1;
  return { pages, pending, unmade, count: pages.length + pending.length + unmade.length, restored, save, stage, settled, remove, move, clear, nextOrder };
}

function view(p: StoredPage): PageView {
  return { ...p, thumb: URL.createObjectURL(p.page) };
}

function strip({ thumb: _thumb, ...page }: PageView): StoredPage {
  return page;
}
