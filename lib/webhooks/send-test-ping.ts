import { newId } from "../ids";
import type { Db } from "../db";
import { ApiError } from "../errors";
import { toDeliveryView, type DeliveryView } from "./delivery-view";
import { serialisePayload } from "./events";
import { insertDelivery } from "./insert-delivery";
import { loadWebhookSettings } from "./webhook-config";

/**
 * Creates a synthetic `test.ping` delivery to the tenant endpoint (the caller attempts it
 * after the response). It is sent whenever an endpoint is configured, whatever the
 * subscription: the subscription governs real traffic, and the button exists to check the
 * endpoint. No endpoint: `400 no_endpoint`. The session id is synthetic (`sess_test_…`).
 */
export async function sendTestPing(args: { db: Db; tenantId: string; now: Date }): Promise<DeliveryView> {
  const settings = await loadWebhookSettings(args.db, args.tenantId);
  if (!settings.url) throw new ApiError("no_endpoint");
  const sessionId = newId("session").replace(/^sess_/, "sess_test_");
  const payload = serialisePayload({ type: "test.ping", session_id: sessionId, metadata: { source: "dashboard" }, result: null, created_at: args.now.toISOString() });
  const row = await insertDelivery(args.db, {
    tenantId: args.tenantId,
    sessionId,
    event: "test.ping",
    url: settings.url,
    payload,
    signingSecret: settings.secret,
    now: args.now,
  });
  return toDeliveryView(row);
}
