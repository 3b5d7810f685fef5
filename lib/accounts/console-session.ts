import { eq } from "drizzle-orm";
import { randomToken, sha256Hex } from "../crypto";
import type { Db, Tx } from "../db";
import { consoleSessions } from "../db/schema";
import { CONSOLE_SESSION_TTL_MS } from "./console-cookie";

/**
 * Starts a server-side console session and returns the cookie value. Only its SHA-256 is
 * stored, so a database leak yields no live cookies.
 */
export async function startConsoleSession(db: Db | Tx, s: { userId: string; tenantId: string; now: Date }): Promise<string> {
  const value = randomToken(32);
  await db.insert(consoleSessions).values({
    tokenHash: sha256Hex(value),
    userId: s.userId,
    tenantId: s.tenantId,
    createdAt: s.now,
    expiresAt: new Date(s.now.getTime() + CONSOLE_SESSION_TTL_MS),
  });
  return value;
}

/** Destroys one console session (logout); a session that is already gone is fine. */
export async function endConsoleSession(db: Db, sessionHash: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, sessionHash));
}
