import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema } from "../db";
import { ApiError } from "../errors";
import { DEFAULT_EVENTS, WEBHOOK_EVENTS } from "./events";
import type { UpdateWebhookInput } from "./schemas";
import { loadWebhookSettings, toWebhookConfigView, type WebhookConfigView } from "./webhook-config";

/**
 * Saves the tenant's endpoint and subscription (input already validated). An empty `url`
 * clears the endpoint; an empty `events` list means `[scan.completed]`; duplicates collapse
 * and events keep the spec's order. Omitted fields keep their saved values.
 */
export async function updateWebhookConfig(args: { ctx: Ctx; tenantId: string; input: UpdateWebhookInput }): Promise<WebhookConfigView> {
  const { url, events } = args.input;
  const patch: { webhookUrl?: string | null; webhookEvents?: string[] } = {};
  if (url !== undefined) patch.webhookUrl = url === "" ? null : url;
  if (events !== undefined) patch.webhookEvents = events.length === 0 ? [...DEFAULT_EVENTS] : WEBHOOK_EVENTS.filter((e) => events.includes(e));
  if (Object.keys(patch).length === 0) return toWebhookConfigView(await loadWebhookSettings(args.ctx.db, args.tenantId));
  const t = schema.tenants;
  const [row] = await args.ctx.db
    .update(t)
    .set(patch)
    .where(eq(t.id, args.tenantId))
    .returning({ url: t.webhookUrl, events: t.webhookEvents, secret: t.webhookSecret });
  if (!row) throw new ApiError("not_found");
  return toWebhookConfigView(row);
}
