import { eq } from "drizzle-orm";
import { schema, type Db, type Tx } from "../db";
import { ApiError } from "../errors";
import { maskSecret } from "./webhook-secret";

export interface WebhookConfigView {
  url: string;
  events: string[];
  secret: string;
}

/** The tenant's webhook settings row (`not_found` cannot happen for an authenticated tenant, but is handled). */
export async function loadWebhookSettings(db: Db | Tx, tenantId: string) {
  const [row] = await db
    .select({ url: schema.tenants.webhookUrl, events: schema.tenants.webhookEvents, secret: schema.tenants.webhookSecret })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  if (!row) throw new ApiError("not_found");
  return row;
}

/** The read view: `url` ("" when none), `events`, and the secret masked. */
export function toWebhookConfigView(row: { url: string | null; events: string[]; secret: string }): WebhookConfigView {
  return { url: row.url ?? "", events: row.events, secret: maskSecret(row.secret) };
}
