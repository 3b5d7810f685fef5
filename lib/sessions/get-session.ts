import type { Ctx } from "../context";
import { ApiError } from "../errors";
import { findSessionWithFile } from "./internal";
import { sessionReadView } from "./views";

/** `GET /v1/sessions/:id`: the tenant's own session (another tenant's reads as `404 not_found`). */
export async function getSession({ ctx, tenantId, sessionId }: { ctx: Ctx; tenantId: string; sessionId: string }) {
  const { now } = ctx;
  const session = await findSessionWithFile(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  return sessionReadView(ctx.config, session, session.file, now);
}
