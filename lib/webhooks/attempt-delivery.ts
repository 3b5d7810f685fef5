import { now as clockNow } from "../clock";
import type { Services } from "../services";
import type { DeliveryRow } from "./claim-deliveries";
import { recordAttempt } from "./record-attempt";
import { sendWebhook } from "./send-webhook";
import { signPayload } from "./sign-payload";

/**
 * Makes one attempt of a delivery this caller has claimed: signs the stored bytes with a
 * fresh `t` and the delivery's own secret, POSTs them, and records the outcome.
 */
export async function attemptDelivery(services: Services, row: DeliveryRow): Promise<void> {
  const { config } = services;
  const at = clockNow();
  const started = performance.now();
  const outcome = await sendWebhook({
    url: row.url,
    body: row.payload,
    signature: signPayload(row.signingSecret, row.payload, Math.floor(at.getTime() / 1000)),
    timeoutMs: config.webhookTimeoutMs,
    blockPrivate: !config.webhookAllowPrivate,
  });
  const attempt = {
    at: at.toISOString(),
    ms: Math.round(performance.now() - started),
    response_status: outcome.responseStatus,
    error: outcome.error,
  };
  await recordAttempt(services.db, row, attempt, { now: clockNow(), retryBaseMs: config.webhookRetryBaseMs });
}
