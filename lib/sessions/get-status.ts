import type { Ctx } from "../context";
import { statusForToken } from "./internal";
import { statusView } from "./views";

/**
 * `GET /v1/sessions/:id/status?t=`: the desktop page's poll. The token must name the path's
 * session (`404` otherwise); past the TTL → `410 session_expired`.
 */
export async function getStatus({ ctx, sessionId, token }: { ctx: Ctx; sessionId: string; token: string | null }) {
  const { now } = ctx;
  const session = await statusForToken(ctx, token, now, sessionId);
  return statusView(ctx.config, session, session.file, now);
}
