import bcrypt from "bcryptjs";
import { sha256Hex, randomToken } from "../crypto";

/**
 * Cost 10 (~2^10 rounds): about 50–100 ms per hash in bcryptjs (pure JS, on the request
 * thread), slow enough to make offline guessing expensive, fast enough that a login or
 * signup stays well under a second and a serverless function is not starved.
 */
const COST = 10;

/**
 * bcrypt reads only the first 72 bytes; passwords are pre-hashed to 64 hex characters so
 * every character of a long passphrase counts (hex, so no NUL byte reaches bcrypt).
 */
function prepare(password: string): string {
  return sha256Hex(password);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prepare(password), COST);
}

/** Computed once per process: unknown emails are checked against it so they take as long as wrong passwords. */
const dummyHash = bcrypt.hash(randomToken(), COST);

/** True when `password` matches `hash`; with no hash (unknown email) it still spends one bcrypt compare. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(prepare(password), hash ?? (await dummyHash));
  return ok && hash !== undefined;
}
