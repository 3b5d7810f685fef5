import type { ApiKey, Tenant } from "../types";

/**
 * Signup mints the first publishable and secret keys in one transaction with one clock
 * reading, so they share a `created_at` that no later key can have. The server has a key
 * once the sign-up secret key (shown once, after sign-up) has been used, or the owner made
 * another: an unrevoked secret key whose `created_at` differs from the account's oldest key.
 * Revoked keys stay listed, so the oldest key still marks signup after a revoke.
 */
export function hasServerSecretKey(keys: readonly ApiKey[]): boolean {
  if (keys.length === 0) return false;
  const signupAt = Math.min(...keys.map((k) => Date.parse(k.created_at)));
  return keys.some((k) => k.kind === "secret" && !k.revoked_at && (Date.parse(k.created_at) !== signupAt || k.last_used_at !== null));
}

/** The key to show for the browser: the newest active publishable test key. */
export function publishableTestKey(keys: readonly ApiKey[]): ApiKey | null {
  const active = keys.filter((k) => k.kind === "publishable" && k.mode === "test" && !k.revoked_at);
  return active.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null;
}

export type StepId = "copy_key" | "origin" | "demo" | "secret_key" | "webhook";

export interface ChecklistFacts {
  tenant: Tenant;
  keys: readonly ApiKey[];
  webhookUrl: string;
  hasSession: boolean;
  copiedKey: boolean;
}

/** Which getting-started steps are done, in the order the owner should do them. */
export function stepsDone(facts: ChecklistFacts): Record<StepId, boolean> {
  return {
    copy_key: facts.copiedKey,
    origin: facts.tenant.allowed_origins.length > 0,
    demo: facts.hasSession,
    secret_key: hasServerSecretKey(facts.keys),
    webhook: facts.webhookUrl.trim() !== "",
  };
}
