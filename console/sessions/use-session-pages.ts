"use client";

import { useCallback, useEffect, useState } from "react";
import { api, ConsoleApiError } from "../api";
import type { SessionSummary } from "../types";
import { sessionListPath, type SessionFilters } from "./session-list";

type Page = { sessions: SessionSummary[]; next_cursor: string | null };

/** The sessions matching `filters`, a page at a time: `more()` appends the next page. */
export function useSessionPages(filters: SessionFilters) {
  const [rows, setRows] = useState<SessionSummary[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<ConsoleApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (after: string | null, previous: SessionSummary[]) => {
      setBusy(true);
      try {
        const page = await api.get<Page>(sessionListPath(filters, after ?? undefined));
        setRows([...previous, ...page.sessions]);
        setCursor(page.next_cursor);
        setError(null);
      } catch (err) {
        setError(err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err)));
      } finally {
        setBusy(false);
      }
    },
    [filters],
  );

  useEffect(() => {
    setRows(null);
    void load(null, []);
  }, [load]);

  return { rows, error, busy, hasMore: cursor !== null, more: () => load(cursor, rows ?? []), reload: () => load(null, []) };
}
