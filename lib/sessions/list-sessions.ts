import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { sessions } from "../db/schema";
import { summaryView } from "./views";

/** `GET /v1/dashboard/sessions`: the tenant's sessions, newest first, status as of `now`. */
export async function listSessions({ ctx, tenantId, limit }: { ctx: Ctx; tenantId: string; limit: number }) {
  const { db, now } = ctx;
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tenantId, tenantId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
  return rows.map((s) => summaryView(s, now));
}
