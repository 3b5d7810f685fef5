"use client";

import { useCallback, useEffect, useState } from "react";
import type { WebhookDelivery } from "../../types";

const INTERVAL_MS = 2000;
/** Polls at most this many times after the last action (about two minutes); Refresh covers longer retries. */
const BUDGET = 60;

/**
 * Re-reads the log every two seconds while a delivery is pending (its first attempt runs
 * just after the API answers; retries follow), so results appear without a reload.
 */
export function usePendingPoll(deliveries: WebhookDelivery[], reload: () => Promise<void>) {
  const [left, setLeft] = useState(BUDGET);
  const pending = deliveries.some((d) => d.status === "pending");
  useEffect(() => {
    if (!pending || left <= 0) return;
    const timer = setTimeout(() => {
      setLeft((n) => n - 1);
      void reload();
    }, INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [pending, left, reload, deliveries]);
  const restart = useCallback(() => setLeft(BUDGET), []);
  return { restart };
}
