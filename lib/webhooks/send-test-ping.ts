import type { Ctx } from "../context";
import { newId } from "../ids";
import { ApiError } from "../errors";
import { toDeliveryView, type DeliveryView } from "./delivery-view";
import { serialisePayload } from "./events";
import { deliverNow } from "./deliver-now";
import { insertDelivery } from "./insert-delivery";
import { loadWebhookSettings } from "./webhook-config";

/**
 * Creates a synthetic `test.ping` delivery to the tenant endpoint and attempts it after the
 * response. It is sent whenever an endpoint is configured, whatever the
 * subscription: the subscription governs real traffic, and the button exists to check the
 * endpoint. No endpoint: `400 no_endpoint`. The session id is synthetic (`sess_test_…`).
 */
export async function sendTestPing(args: { ctx: Ctx; tenantId: string }): Promise<DeliveryView> {
  const settings = await loadWebhookSettings(args.ctx.db, args.tenantId);
  if (!settings.url) throw new ApiError("no_endpoint");
  const sessionId = newId("session").replace(/^sess_/, "sess_test_");
  const eventId = newId("event");
  const payload = serialisePayload({ id: eventId, type: "test.ping", session_id: sessionId, metadata: { source: "dashboard" }, result: null, created_at: args.ctx.now.toISOString() });
  const row = await insertDelivery(args.ctx.db, {
    tenantId: args.tenantId,
    sessionId,
    event: "test.ping",
    eventId,
    url: settings.url,
    payload,
    signingSecret: settings.secret,
    now: args.ctx.now,
  });
  args.ctx.defer(() => deliverNow({ ctx: args.ctx, deliveryId: row.id }));
  return toDeliveryView(row);
}
