/**
 * Waits, when needed, until at least `marginMs` remain in the current fixed rate-limit window
 * of `windowMs`, so a test that counts up to a limit never straddles a window boundary (the
 * counters restart there and the count would be off).
 */
export async function awayFromWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}
