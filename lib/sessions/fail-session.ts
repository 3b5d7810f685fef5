import { and, eq, gt, isNull } from "drizzle-orm";
import { withTx } from "../db";
import { sessions } from "../db/schema";
import type { RequestContext } from "../http";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { assertTokenUnused, findSession, scheduleDelivery, sessionForToken } from "./internal";
import type { FailInput } from "./schemas";
import { ApiError } from "../errors";

/**
 * `POST /v1/scanner/fail` (DESIGN.md): the scanner reports that the scan cannot finish
 * (`camera_unavailable`, `scan_error`, `upload_error`). The session becomes `failed` and its
 * token is spent (one session, one outcome), with the same conditional claim as completion;
 * `scan.failed` is recorded in the same transaction. No credit moves.
 */
export async function failSession(ctx: Pick<RequestContext, "services" | "now" | "defer">, input: FailInput) {
  const { services, now } = ctx;
  const session = await sessionForToken(services, input.session, now, 400);
  assertTokenUnused(session);
  const deliveryId = await withTx(services.db, async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ status: "failed", failedAt: now, failReason: input.reason, tokenUsedAt: now })
      .where(and(eq(sessions.id, session.id), isNull(sessions.tokenUsedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id });
    if (claimed.length === 0) {
      const current = await findSession(tx, session.id);
      if (current) assertTokenUnused(current);
      throw new ApiError("session_expired");
    }
    return enqueueEvent(tx, { tenantId: session.tenantId, sessionId: session.id, event: "scan.failed", metadata: session.metadata, result: null, callbackUrl: session.callbackUrl, createdWith: session.createdWith, now });
  });
  scheduleDelivery(services, ctx.defer, deliveryId);
  return { status: "ok", session_id: session.id };
}
