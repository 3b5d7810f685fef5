import { and, desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema } from "../db";
import { ApiError } from "../errors";
import { toDeliveryView } from "../webhooks/delivery-view";
import { findSessionWithFile } from "./internal";
import { dashboardSessionView } from "./views";

/** The newest deliveries shown with a session; its retries and replays rarely exceed a handful. */
const SESSION_DELIVERIES = 20;

/**
 * `GET /v1/dashboard/sessions/:id`: one of the tenant's sessions for the console's detail page,
 * whatever its age, with its document and the webhook deliveries of its events. Another
 * tenant's id reads as unknown.
 */
export async function getDashboardSession({ ctx, tenantId, sessionId }: { ctx: Ctx; tenantId: string; sessionId: string }) {
  const session = await findSessionWithFile(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  const d = schema.webhookDeliveries;
  const deliveries = await ctx.db
    .select()
    .from(d)
    .where(and(eq(d.tenantId, tenantId), eq(d.sessionId, sessionId)))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(SESSION_DELIVERIES);
  return { session: dashboardSessionView(ctx.config, session, session.file, ctx.now), deliveries: deliveries.map(toDeliveryView) };
}
