import { randomFillSync } from "node:crypto";

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
  const offset = takeRandom(ID_BYTES);
  let body = "";
  for (let i = offset; i < offset + ID_BYTES; i++) body += ALPHABET[pool[i] % 36];
  return `${ID_PREFIX[kind]}_${body}`;
}

const ID_BYTES = 20;

/*
 * Random bytes for ids are drawn from the CSPRNG 4 KiB at a time, as crypto.randomUUID does:
 * a randomBytes() call per id cost ~15 µs of a session creation (a call into OpenSSL, wrapped
 * by Next), where a slice of the pool costs nothing. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** The offset in `pool` of `count` fresh random bytes. */
function takeRandom(count: number): number {
  if (used + count > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const offset = used;
  used += count;
  return offset;
}
