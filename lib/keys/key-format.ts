import { randomBytes } from "node:crypto";

export type KeyKind = "publishable" | "secret";
export type KeyMode = "test" | "live";

const PREFIX = { publishable: "pk", secret: "sk" } as const;

/** `pk_test_…`, `sk_live_…`: the kind and mode a key value claims, or null when malformed. */
export function parseKeyValue(value: string): { kind: KeyKind; mode: KeyMode } | null {
  const match = /^(pk|sk)_(test|live)_[A-Za-z0-9_-]{32,64}$/.exec(value);
  if (!match) return null;
  return { kind: match[1] === "pk" ? "publishable" : "secret", mode: match[2] as KeyMode };
}

export function keyPrefix(kind: KeyKind, mode: KeyMode): string {
  return `${PREFIX[kind]}_${mode}_`;
}

/** Secret keys are shown as prefix, masked middle and last four; publishable keys in full. */
export function displayKey(kind: KeyKind, value: string): string {
  if (kind === "publishable") return value;
  const prefix = value.slice(0, value.indexOf("_", 3) + 1);
  return `${prefix}${"•".repeat(8)}${value.slice(-4)}`;
}

/** Random characters after the prefix: 40 base64url characters, 240 bits. */
const KEY_RANDOM_BYTES = 30;

/** A fresh key value (`pk_test_` + 40 random base64url characters, …); `parseKeyValue` accepts it. */
export function newKeyValue(kind: KeyKind, mode: KeyMode): string {
  return keyPrefix(kind, mode) + randomBytes(KEY_RANDOM_BYTES).toString("base64url");
}
