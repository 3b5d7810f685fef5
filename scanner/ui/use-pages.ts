"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Filter } from "../contract";
import { PageStore, type StoredPage } from "../pages/page-store";

export interface PageView extends StoredPage {
  /** Object URL of the corrected page; revoked when the page goes. */
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
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let live = true;
    void PageStore.open().then(async (s) => {
      store.current = s;
      const saved = await s.list(session, defaultFilter);
      if (live) setPages(saved.map(view));
      setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [session, defaultFilter]);

  useEffect(() => () => setPages((ps) => (ps.forEach((p) => URL.revokeObjectURL(p.thumb)), ps)), []);

  const save = useCallback(async (page: StoredPage) => {
    await store.current?.put(page);
    setPages((ps) => {
      const old = ps.find((p) => p.id === page.id);
      if (old) URL.revokeObjectURL(old.thumb);
      const next = old ? ps.map((p) => (p.id === page.id ? view(page) : p)) : [...ps, view(page)];
      return next.sort((a, b) => a.order - b.order);
    });
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
    setPages((ps) => (ps.forEach((p) => URL.revokeObjectURL(p.thumb)), []));
  }, [session]);

  const nextOrder = pages.length ? pages[pages.length - 1].order + 1 : 0;
  return { pages, restored, save, remove, move, clear, nextOrder };
}

function view(p: StoredPage): PageView {
  return { ...p, thumb: URL.createObjectURL(p.page) };
}

function strip({ thumb: _thumb, ...page }: PageView): StoredPage {
  return page;
}
