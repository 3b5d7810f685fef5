import { and, eq, gt } from "drizzle-orm";
import type { Ctx } from "../context";
import { sha256Hex } from "../crypto";
import { consoleSessions } from "../db/schema";
import { ApiError } from "../errors";
import { readConsoleCookie } from "./console-cookie";

export interface ConsolePrincipal {
  kind: "console";
  userId: string;
  tenantId: string;
  /** Identifies this console session, so logout destroys exactly it. */
  sessionHash: string;
}

/** The console user behind the request's `sc_session` cookie; `401 unauthorized` otherwise. */
export async function authenticateConsole(req: Request, ctx: Pick<Ctx, "db" | "now">): Promise<ConsolePrincipal> {
  const cookie = readConsoleCookie(req);
  if (!cookie || cookie.length > 200) throw new ApiError("unauthorized", { message: "Log in to use the console." });
  const sessionHash = sha256Hex(cookie);
  const [row] = await ctx.db
    .select({ userId: consoleSessions.userId, tenantId: consoleSessions.tenantId })
    .from(consoleSessions)
    .where(and(eq(consoleSessions.tokenHash, sessionHash), gt(consoleSessions.expiresAt, ctx.now)))
    .limit(1);
  if (!row) throw new ApiError("unauthorized", { message: "Your console session has ended; log in again." });
  return { kind: "console", sessionHash, ...row };
}
