/**
 * The service's clock. All timestamps come from here (never SQL `now()`), so expiry,
 * retention and rate-limit windows can be tested by moving time.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** Test hook: move the clock forward (or back with a negative value). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** Test hook: back to real time. */
export function resetClock(): void {
  offsetMs = 0;
}
