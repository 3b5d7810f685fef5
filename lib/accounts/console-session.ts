import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { randomToken, sha256Hex } from "../crypto";
import { withTx, type Db, type Tx } from "../db";
import { consoleSessions, tenants, users } from "../db/schema";
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

/**
 * A console session for a user whose password was just checked against `passwordHash`, or
 * null when the user no longer has it: deleted, or their password changed in between (a
 * login racing a password change or an account deletion). The user's row is locked while
 * the session is added, so a password change either ends this session or comes first. The
 * tenant is locked first, in the order the account's deletion locks them (tenant, then its
 * users): the other order deadlocked against it.
 */
export async function startCheckedConsoleSession(db: Db, s: { userId: string; tenantId: string; now: Date; passwordHash: string }): Promise<string | null> {
  return withTx(db, async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, s.tenantId)).for("key share");
    const [still] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, s.userId), eq(users.passwordHash, s.passwordHash)))
      .for("update");
    return still ? startConsoleSession(tx, s) : null;
  });
}

/** Logout: destroys the console session behind the cookie value; none, or one already gone, is fine. */
export async function logout({ ctx, cookie }: { ctx: Pick<Ctx, "db">; cookie: string | null }): Promise<void> {
  if (cookie) await ctx.db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, sha256Hex(cookie)));
}
