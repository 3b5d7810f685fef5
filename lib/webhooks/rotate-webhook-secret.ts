import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema } from "../db";
import { ApiError } from "../errors";
import { newWebhookSecret } from "./webhook-secret";

/**
 * Replaces the tenant's signing secret and returns the full value, the only time it is
 * shown. Deliveries already created keep the secret they captured (their retries still
 * verify with the old one); only deliveries created from now on use the new one.
 */
export async function rotateWebhookSecret(args: { ctx: Ctx; tenantId: string }): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await args.ctx.db
    .update(schema.tenants)
    .set({ webhookSecret: secret, webhookSecretShownAt: args.ctx.now })
    .where(eq(schema.tenants.id, args.tenantId))
    .returning({ id: schema.tenants.id });
  if (!row) throw new ApiError("not_found");
  return { secret };
}
