import type { Db } from "../db";
import { loadWebhookSettings, toWebhookConfigView, type WebhookConfigView } from "./webhook-config";

/** `GET /v1/dashboard/webhook`: the endpoint, the subscription and the masked secret. */
export async function getWebhookConfig(args: { db: Db; tenantId: string }): Promise<WebhookConfigView> {
  return toWebhookConfigView(await loadWebhookSettings(args.db, args.tenantId));
}
