"use client";

import { useCallback, useEffect, useState } from "react";
import { api, ConsoleApiError } from "./api";

interface ApiData<T> {
  data: T | null;
  error: ConsoleApiError | null;
  loading: boolean;
  reload: () => Promise<void>;
  /** Replace the data with an answer the page already has (a mutation's response). */
  setData: (data: T) => void;
}

/** Reads one console endpoint on mount and on `reload()`; keeps the last good answer on error. */
export function useApiData<T>(path: string): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ConsoleApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.get<T>(path));
      setError(null);
    } catch (err) {
      setError(err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err)));
    } finally {
      setLoading(false);
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload, setData };
}
