import { sha256Hex } from "../crypto";
import { ApiError } from "../errors";
import type { RateLimiter } from "../ratelimit/types";

const WINDOW_MS = 15 * 60 * 1000;

/**
 * DESIGN.md "other rate limits", per 15 minutes:
 * - login: 10 attempts per (email, client address) pair, so guessing one password is slow,
 *   but nobody can lock a user out from another address; and 100 attempts per address, so
 *   one address cannot try many accounts (or spend the CPU on password hashing);
 * - login, besides: 50 attempts per email whatever the address, so rotating addresses (or a
 *   deployment that cannot see them) cannot multiply the guesses against one account, while
 *   the pair limit still trips first for the owner's own typos;
 * - login, when the address is unknown (plain `next start` without TRUSTED_PROXY_HOPS): 500
 *   attempts for all such logins together, so spraying one password over many emails is
 *   bounded too (the per-email limits alone let it try every address book entry);
 * - signup: 10 per client address; when the address is unknown, 50 for all such signups
 *   together, so no deployment path leaves signup (and its free credits) unthrottled.
 * The address is the one found through trusted proxies only (TRUSTED_PROXY_HOPS): a client
 * cannot rotate it by sending `X-Forwarded-For`.
 */
export const AUTH_THROTTLE = {
  loginPair: { limit: 10, windowMs: WINDOW_MS },
  loginEmail: { limit: 50, windowMs: WINDOW_MS },
  loginAddress: { limit: 100, windowMs: WINDOW_MS },
  loginUnknownAddress: { limit: 500, windowMs: WINDOW_MS },
  signupAddress: { limit: 10, windowMs: WINDOW_MS },
  signupUnknownAddress: { limit: 50, windowMs: WINDOW_MS },
} as const;

export interface ThrottleSubject {
  action: "login" | "signup";
  email?: string;
  /** The client address; null when unknown (no trusted peer or proxy): then login counts by email, signup all together. */
  ip: string | null;
}

/**
 * Counts one attempt against each counter that applies and refuses with `429 rate_limited`
 * (with `Retry-After`) when any is past its limit. Keys hold hashes, never the email or the
 * address itself.
 */
export async function throttleAuth(limiter: RateLimiter, subject: ThrottleSubject, nowMs: number): Promise<void> {
  const counters = countersFor(subject);
  const results = await Promise.all(counters.map(([key, rule]) => limiter.hit(key, { ...rule, nowMs })));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...blocked.map((r) => r.resetAt)) - nowMs) / 1000));
  throw new ApiError("rate_limited", {
    message: "Too many attempts; wait before trying again.",
    headers: { "Retry-After": String(retryAfter) },
  });
}

function countersFor({ action, email, ip }: ThrottleSubject): [string, { limit: number; windowMs: number }][] {
  const address = ip ? sha256Hex(ip) : null;
  if (action === "signup") return [address ? [`auth:signup:ip:${address}`, AUTH_THROTTLE.signupAddress] : ["auth:signup:unknown-address", AUTH_THROTTLE.signupUnknownAddress]];
  const mail = sha256Hex((email ?? "").trim().toLowerCase());
  const counters: [string, { limit: number; windowMs: number }][] = [
    [`auth:login:pair:${mail}:${address ?? "unknown"}`, AUTH_THROTTLE.loginPair],
    [`auth:login:email:${mail}`, AUTH_THROTTLE.loginEmail],
  ];
  counters.push(address ? [`auth:login:ip:${address}`, AUTH_THROTTLE.loginAddress] : ["auth:login:unknown-address", AUTH_THROTTLE.loginUnknownAddress]);
  return counters;
}
