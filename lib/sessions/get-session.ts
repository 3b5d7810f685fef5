import type { Services } from "../services";
import { ApiError } from "../errors";
import { findSessionWithFile } from "./internal";
import { sessionReadView } from "./views";

/** `GET /v1/sessions/:id`: the tenant's own session (another tenant's reads as `404 not_found`). */
export async function getSession({ services, tenantId, sessionId, now }: { services: Services; tenantId: string; sessionId: string; now: Date }) {
  const session = await findSessionWithFile(services.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  return sessionReadView(services.config, session, session.file, now);
}
