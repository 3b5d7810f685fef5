import type { Ctx } from "../context";
import { loadWebhookSettings, toWebhookConfigView, type WebhookConfigView } from "./webhook-config";

/** `GET /v1/dashboard/webhook`: the endpoint, the subscription and the masked secret. */
export async function getWebhookConfig(args: { ctx: Ctx; tenantId: string }): Promise<WebhookConfigView> {
  return toWebhookConfigView(await loadWebhookSettings(args.ctx.db, args.tenantId));
}
