import type { Ctx } from "../context";
import type { RedactionActor } from "../db/schema";
import { ApiError } from "../errors";
import { findSession } from "../sessions/internal";
import { runRedaction } from "./run-redaction";

/**
 * `POST /v1/sessions/{id}/redact` and the console's `POST /v1/dashboard/sessions/{id}/redact`:
 * redacts the tenant's session (lib/redaction/run-redaction.ts); the routes answer with the
 * session as read afterwards. Idempotent: a redacted session is answered as it is. Another tenant's, an
 * unknown or a malformed id is `404 not_found`, as on the session read. A storage failure
 * is `503` with nothing cleared; the cron finishes the redaction.
 */
export async function redactSession({ ctx, tenantId, sessionId, actor }: { ctx: Ctx; tenantId: string; sessionId: string; actor: RedactionActor }): Promise<void> {
  const session = await findSession(ctx.db, sessionId);
  if (!session || session.tenantId !== tenantId) throw new ApiError("not_found", { message: "No such session." });
  if (!session.redactedAt) await runRedaction(ctx, session, actor);
}
