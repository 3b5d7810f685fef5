import { ApiError } from "../errors";
import type { Services } from "../services";

/**
 * Counts one session creation in the tenant's fixed window (RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW_SECONDS, in the shared store); over the limit → `429 rate_limited` with
 * `Retry-After` in whole seconds until the window resets.
 */
export async function consumeSessionRateLimit(services: Pick<Services, "config" | "rateLimiter">, tenantId: string, now: Date): Promise<void> {
  const { max, windowMs } = services.config.rateLimit;
  const hit = await services.rateLimiter.hit(`sessions:${tenantId}`, { limit: max, windowMs, nowMs: now.getTime() });
  if (hit.allowed) return;
  const retryAfter = Math.max(1, Math.ceil((hit.resetAt - now.getTime()) / 1000));
  throw new ApiError("rate_limited", {
    message: `At most ${max} sessions per ${windowMs / 1000} seconds; retry in ${retryAfter} s.`,
    headers: { "Retry-After": String(retryAfter) },
  });
}
