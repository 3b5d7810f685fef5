import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { prepared, type PoolDb } from "../db/prepared";
import { sessions } from "../db/schema";
import { verifyClientToken } from "../tokens";

/**
 * The origins that may frame the hosted scanner opened with client token `token`: the
 * session's `allowed_origins`. A token with a valid signature counts even past its expiry,
 * so an expired or finished session still shows its own message inside the integrator's
 * frame. A malformed, forged or unknown token names no origin. One read by primary key.
 */
export async function readFrameOrigins({ ctx, token }: { ctx: Pick<Ctx, "config" | "db" | "now">; token: string }): Promise<string[]> {
  const check = verifyClientToken(ctx.config, token, ctx.now);
  if (!check.ok && check.reason === "invalid") return [];
  const [row] = await originsById(ctx.db).execute({ sessionId: check.sessionId });
  return row?.allowedOrigins ?? [];
}

const originsById = (db: PoolDb) =>
  prepared(db, "session_origins_by_id", () =>
    db
      .select({ allowedOrigins: sessions.allowedOrigins })
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder("sessionId")))
      .limit(1)
      .prepare("session_origins_by_id"),
  );
