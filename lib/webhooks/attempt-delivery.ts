import { now as clockNow } from "../clock";
import type { Ctx } from "../context";
import type { DeliveryRow } from "./claim-deliveries";
import { recordAttempt } from "./record-attempt";
import { sendWebhook } from "./send-webhook";
import { signPayload } from "./sign-payload";

/**
 * Makes one attempt of a delivery this caller has claimed: signs the stored bytes with a
 * fresh `t` and the delivery's own secret, POSTs them, and records the outcome. Reads the
 * clock itself: the attempt runs later than the operation that claimed it.
 */
export async function attemptDelivery(ctx: Pick<Ctx, "config" | "db">, row: DeliveryRow): Promise<void> {
  const { config } = ctx;
  const at = clockNow();
  const started = performance.now();
  const outcome = await sendWebhook({
    url: row.url,
    body: row.payload,
    signature: signPayload(row.signingSecret, row.payload, Math.floor(at.getTime() / 1000)),
    eventId: row.eventId,
    deliveryId: row.id,
    timeoutMs: config.webhookTimeoutMs,
    blockPrivate: !config.webhookAllowPrivate,
  });
  const attempt = {
    at: at.toISOString(),
    ms: Math.round(performance.now() - started),
    response_status: outcome.responseStatus,
    response_body: outcome.responseBody,
    error: outcome.error,
  };
  await recordAttempt(ctx.db, row, attempt, { now: clockNow(), retryBaseMs: config.webhookRetryBaseMs });
}
