import type { Ctx } from "../context";
import type { SessionListQuery } from "./list-query";
import { listSessionPage } from "./list-sessions";
import { sessionReadView, summaryView } from "./views";

type ListArgs = { ctx: Ctx; tenantId: string; query: SessionListQuery };

/** `GET /v1/dashboard/sessions`: a page of summaries (the spec's `sessions`) and `next_cursor`. */
export async function listDashboardSessions({ ctx, tenantId, query }: ListArgs) {
  const page = await listSessionPage({ ctx, tenantId, filters: query, limit: query.limit, cursor: query.cursor });
  return { sessions: page.rows.map((s) => summaryView(s, ctx.now)), next_cursor: page.nextCursor };
}

/** `GET /v1/sessions` (secret key): a page of full session reads, each result with a fresh signed link. */
export async function listApiSessions({ ctx, tenantId, query }: ListArgs) {
  const page = await listSessionPage({ ctx, tenantId, filters: query, limit: query.limit, cursor: query.cursor });
  return { sessions: page.rows.map((s) => sessionReadView(ctx.config, s, s.file, ctx.now)), next_cursor: page.nextCursor };
}
