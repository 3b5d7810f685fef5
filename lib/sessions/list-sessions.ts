import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { files, sessions } from "../db/schema";
import { encodeCursor, type Cursor, type SessionFilters } from "./list-query";
import { sessionWhere } from "./session-where";
import type { SessionWithFile } from "./internal";

export interface SessionPage {
  rows: SessionWithFile[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of the tenant's sessions matching `filters`, newest first, each with its file.
 * One row more than `limit` is read to know whether another page exists.
 */
export async function listSessionPage(args: { ctx: Pick<Ctx, "db" | "now">; tenantId: string; filters: SessionFilters; limit: number; cursor?: Cursor }): Promise<SessionPage> {
  const { db, now } = args.ctx;
  const found = await db
    .select({ session: sessions, file: files })
    .from(sessions)
    .leftJoin(files, eq(files.sessionId, sessions.id))
    .where(sessionWhere(args.tenantId, args.filters, now, args.cursor))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(args.limit + 1);
  const rows = found.slice(0, args.limit).map((r) => ({ ...r.session, file: r.file }));
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > args.limit && last ? encodeCursor(last) : null };
}
