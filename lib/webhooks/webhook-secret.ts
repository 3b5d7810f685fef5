import { randomBytes } from "node:crypto";

/** A new signing secret, `whsec_` + 32 random bytes (base64url); signup and rotation use it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The secret as every read shows it: the prefix and the last four characters. */
export function maskSecret(secret: string): string {
  return `whsec_****${secret.slice(-4)}`;
}
