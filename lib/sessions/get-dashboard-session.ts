import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { findSessionWithFile } from "./internal";
import { dashboardSessionView } from "./views";

/**
 * `GET /v1/dashboard/sessions/:id`: one of the tenant's sessions for the console's detail page,
 * whatever its age (the list holds only the newest 200). Another tenant's id reads as unknown.
 */
export async function getDashboardSession({ ctx, tenantId, sessionId }: { ctx: Ctx; tenantId: string; sessionId: string }) {
  const session = await findSessionWithFile(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  return { session: dashboardSessionView(session, session.file, ctx.now) };
}
