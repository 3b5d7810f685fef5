import type { Services } from "../services";
import { sessionForToken } from "./internal";
import { statusView } from "./views";

/**
 * `GET /v1/sessions/:id/status?t=`: the desktop page's poll. The token must name the path's
 * session (`404` otherwise); past the TTL → `410 session_expired`.
 */
export async function getStatus({ services, sessionId, token, now }: { services: Services; sessionId: string; token: string | null; now: Date }) {
  const session = await sessionForToken(services, token, now, 401, sessionId);
  return statusView(services.config, session, session.file, now);
}
