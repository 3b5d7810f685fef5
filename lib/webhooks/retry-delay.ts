import { MAX_ATTEMPTS } from "./events";

/**
 * How long after attempt `n` (1-based) attempt n+1 is due: `base * 4^(n-1)` (RUNTIME.md,
 * WEBHOOK_RETRY_BASE_SECONDS): 5 min then 20 min by default, so a receiver down for a deploy
 * still gets the event; a base of 0 makes retries due at once.
 */
export function retryDelayMs(baseMs: number, attemptNumber: number): number {
  return baseMs * 4 ** Math.max(0, attemptNumber - 1);
}

/** From the first attempt to the last one the schedule allows (25 min by default). */
export function retrySpanMs(baseMs: number): number {
  let span = 0;
  for (let n = 1; n < MAX_ATTEMPTS; n++) span += retryDelayMs(baseMs, n);
  return span;
}
