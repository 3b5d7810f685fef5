/**
 * One CSV export per tenant at a time on this server: each export holds a page of rows and a
 * database query at a time for as long as the client reads, so a tenant opening many at once
 * would multiply that. Held until the export's stream ends; a stream nobody ends (a client
 * that neither reads nor disconnects) gives the slot up after `MAX_HOLD_MS`.
 */
const MAX_HOLD_MS = 10 * 60_000;
const running = new Map<string, { until: number; token: symbol }>();

/** A function that ends this tenant's export, or null when one is already running. */
export function startTenantExport(tenantId: string, now = Date.now()): (() => void) | null {
  const held = running.get(tenantId);
  if (held && held.until > now) return null;
  const token = Symbol(tenantId);
  running.set(tenantId, { until: now + MAX_HOLD_MS, token });
  return () => {
    if (running.get(tenantId)?.token === token) running.delete(tenantId);
  };
}
