import type { Ctx } from "../context";
import { getDashboardSession } from "../sessions";
import { readRedactionAudit } from "./audit-view";

/**
 * `GET /v1/dashboard/sessions/{id}` (and the console's redact answer): the session as the
 * console shows it, its deliveries, and its redaction audit trail.
 */
export async function getSessionDetail({ ctx, tenantId, sessionId }: { ctx: Ctx; tenantId: string; sessionId: string }) {
  // The session first: another tenant's id is 404 before any audit row is read.
  const detail = await getDashboardSession({ ctx, tenantId, sessionId });
  return { ...detail, audit: await readRedactionAudit(ctx.db, tenantId, sessionId) };
}
