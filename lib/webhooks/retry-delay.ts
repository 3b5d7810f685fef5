/**
 * How long after attempt `n` (1-based) attempt n+1 is due: `base * 4^(n-1)` (RUNTIME.md,
 * WEBHOOK_RETRY_BASE_SECONDS): 30 s then 120 s by default; a base of 0 makes retries due at once.
 */
export function retryDelayMs(baseMs: number, attemptNumber: number): number {
  return baseMs * 4 ** Math.max(0, attemptNumber - 1);
}
