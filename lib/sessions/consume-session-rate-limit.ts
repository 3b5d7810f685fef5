import type { Ctx } from "../context";
import { ApiError } from "../errors";
import type { KeyKind } from "../keys/key-format";

/**
 * Counts one session creation in the tenant's fixed window (in the shared store); over the
 * limit → `429 rate_limited` with `Retry-After` in whole seconds until the window resets.
 * Secret keys count against RATE_LIMIT_MAX; publishable keys, which anyone can copy from a
 * web page, against their own smaller bucket (RATE_LIMIT_PUBLISHABLE_MAX), so traffic with
 * the public key can never use up the tenant's server-side sessions.
 */
export async function consumeSessionRateLimit(
  ctx: Pick<Ctx, "config" | "rateLimiter">,
  { tenantId, keyKind }: { tenantId: string; keyKind: KeyKind },
  now: Date,
): Promise<void> {
  const { max, publishableMax, windowMs } = ctx.config.rateLimit;
  const [key, limit] = keyKind === "publishable" ? [`sessions:pk:${tenantId}`, publishableMax] : [`sessions:${tenantId}`, max];
  const hit = await ctx.rateLimiter.hit(key, { limit, windowMs, nowMs: now.getTime() });
  if (hit.allowed) return;
  const retryAfter = Math.max(1, Math.ceil((hit.resetAt - now.getTime()) / 1000));
  throw new ApiError("rate_limited", {
    message: `At most ${limit} sessions per ${windowMs / 1000} seconds with a ${keyKind} key; retry in ${retryAfter} s.`,
    headers: { "Retry-After": String(retryAfter) },
  });
}
