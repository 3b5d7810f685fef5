import { sha256Hex } from "../crypto";
import { ApiError } from "../errors";
import type { RateLimiter } from "../ratelimit/types";

/** DESIGN.md: login and signup, 10 attempts per 15 minutes per email and per IP. */
export const AUTH_THROTTLE = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export interface ThrottleSubject {
  action: "login" | "signup";
  email?: string;
  ip?: string | null;
}

/**
 * Counts one attempt against every given subject (lower-cased email, client IP) and
 * refuses with `429 rate_limited` when any of them is past the limit. Keys hold a hash,
 * not the email or address itself. Every counter is hit, so probing with one email from
 * many addresses, or many emails from one address, is counted on both sides.
 */
export async function throttleAuth(limiter: RateLimiter, subject: ThrottleSubject, nowMs: number): Promise<void> {
  const keys: string[] = [];
  if (subject.email) keys.push(`auth:${subject.action}:email:${sha256Hex(subject.email.trim().toLowerCase())}`);
  if (subject.ip) keys.push(`auth:${subject.action}:ip:${sha256Hex(subject.ip)}`);
  const results = await Promise.all(keys.map((key) => limiter.hit(key, { ...AUTH_THROTTLE, nowMs })));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...blocked.map((r) => r.resetAt)) - nowMs) / 1000));
  throw new ApiError("rate_limited", {
    message: "Too many attempts; wait before trying again.",
    headers: { "Retry-After": String(retryAfter) },
  });
}

/**
 * The client address: the first `X-Forwarded-For` entry (set by the platform's proxy),
 * else `X-Real-IP`; null when neither is present (then only the email is counted).
 */
export function clientIp(req: Request): string | null {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || req.headers.get("x-real-ip")?.trim();
  return ip ? ip.slice(0, 100) : null;
}
