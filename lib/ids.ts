import { randomBytes } from "node:crypto";

/** Resource id prefixes: an id says what it names (sess_…, key_…), which helps support and logs. */
export const ID_PREFIX = {
  tenant: "ten",
  user: "usr",
  consoleSession: "cs",
  apiKey: "key",
  profile: "prof",
  session: "sess",
  file: "file",
  ledger: "led",
  usage: "use",
  delivery: "whd",
  event: "evt",
  redactionAudit: "red",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id: prefix, underscore, 20 random base-36 characters (~103 bits). */
export function newId(kind: IdKind): string {
  const bytes = randomBytes(20);
  let body = "";
  for (const byte of bytes) body += ALPHABET[byte % 36];
  return `${ID_PREFIX[kind]}_${body}`;
}
