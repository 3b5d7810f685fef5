import { and, eq, ne } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { consoleSessions, users } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import type { ConsolePrincipal } from "./authenticate-console";
import { hashPassword, verifyPassword } from "./password";
import type { ChangePasswordInput } from "./schemas";
import { throttleAuth } from "./throttle";

/**
 * `POST /v1/dashboard/account/password`: a new password, given the current one. Every other
 * console session of the user ends (a stolen cookie stops working); this one stays. A wrong
 * current password is a field problem, and counts against the login throttle like a login.
 * A login checked against the old password either finishes first (and its session ends
 * here) or fails (console-session.ts).
 */
export async function changePassword({ ctx, who, input, clientAddress }: { ctx: Ctx; who: ConsolePrincipal; input: ChangePasswordInput; clientAddress: string | null }) {
  const [user] = await ctx.db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (!user) throw new ApiError("unauthorized");
  await throttleAuth(ctx.rateLimiter, { action: "login", email: user.email, ip: clientAddress }, ctx.now.getTime());
  const problems = { ...(!(await verifyPassword(input.current_password, user.hash)) && { current_password: "is not your current password" }), ...(input.new_password === input.current_password && { new_password: "must differ from the current password" }) };
  if (Object.keys(problems).length > 0) throw invalidRequest(problems);
  const hash = await hashPassword(input.new_password);
  const ended = await withTx(ctx.db, async (tx) => {
    // Only over the password just checked: of two changes at once, the second finds the
    // first's hash and is told its current password is wrong, instead of both "succeeding"
    // and each ending the other's session.
    const changed = await tx
      .update(users)
      .set({ passwordHash: hash })
      .where(and(eq(users.id, who.userId), eq(users.passwordHash, user.hash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw invalidRequest({ current_password: "is not your current password" });
    return tx
      .delete(consoleSessions)
      .where(and(eq(consoleSessions.userId, who.userId), ne(consoleSessions.tokenHash, who.sessionHash)))
      .returning({ id: consoleSessions.tokenHash });
  });
  return { status: "ok" as const, other_sessions_ended: ended.length };
}
