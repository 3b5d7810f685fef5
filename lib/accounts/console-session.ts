import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
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

/** Logout: destroys the console session behind the cookie value; none, or one already gone, is fine. */
export async function logout({ ctx, cookie }: { ctx: Pick<Ctx, "db">; cookie: string | null }): Promise<void> {
  if (cookie) await ctx.db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, sha256Hex(cookie)));
}
