import type { Ctx } from "../context";
import { withTx } from "../db";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { claimRefusal } from "./complete-session";
import { releaseHold } from "./hold";
import { assertTokenUnused, scheduleDelivery, sessionForToken } from "./internal";
import type { FailInput } from "./schemas";
import { claimFailure } from "../session-states/transitions";

/**
 * `POST /v1/scanner/fail` (DESIGN.md): the scanner reports that the scan cannot finish
 * (`camera_unavailable`, `scan_error`, `upload_error`). The session becomes `failed` and its
 * token is spent (one session, one outcome), with the same conditional claim as completion;
 * `scan.failed` is recorded in the same transaction. No credit moves; the one the session
 * held for its opening is free again.
 */
export async function failSession({ ctx, input }: { ctx: Ctx; input: FailInput }) {
  const { now } = ctx;
  const session = await sessionForToken(ctx, input.session, now, 400);
  assertTokenUnused(session);
  const deliveryId = await withTx(ctx.db, async (tx) => {
    if (!(await claimFailure(tx, session.id, now, input.reason))) throw await claimRefusal(tx, session.id);
    const tenant = await releaseHold(tx, session.tenantId);
    return enqueueEvent(tx, { tenantId: session.tenantId, sessionId: session.id, event: "scan.failed", metadata: session.metadata, result: null, callbackUrl: session.callbackUrl, createdWith: session.createdWith, now }, tenant?.endpoint);
  });
  scheduleDelivery(ctx, deliveryId);
  return { status: "ok", session_id: session.id };
}
